/**
 * The member's account: their name and email and their latest orders, read on the server with
 * this request's client (`getRequestStore()`: the member's tokens from the HttpOnly cookie, so a
 * member's page shows that member's orders only), and sign-out. A visitor is asked to sign in.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import type { Member, Order, StoreClient } from '@vitrine/sdk';
import { getRequestStore } from '@vitrine/next';
import { SignOutForm } from '@vitrine/next/client';
import { formatMoney } from '../../lib/format';

export const metadata: Metadata = { title: 'Your account' };

export default function AccountPage(): ReactNode {
  return (
    <>
      <h1>Your account</h1>
      <Suspense fallback={<p>Loading your account…</p>}>
        <Account />
      </Suspense>
    </>
  );
}

async function Account(): Promise<ReactNode> {
  const store = await getRequestStore();
  if (!store.auth.isLoggedIn()) {
    return (
      <p>
        You are not signed in. <Link href="/sign-in?returnTo=%2Faccount">Sign in</Link> to see your
        orders.
      </p>
    );
  }
  const { member, orders } = await readAccount(store);
  return (
    <div className="stack">
      <section className="panel" aria-labelledby="member-title">
        <h2 id="member-title">Signed in</h2>
        {member ? (
          <p>
            {memberName(member)}
            {member.loginEmail && memberName(member) !== member.loginEmail ? (
              <>
                <br />
                <span className="muted">{member.loginEmail}</span>
              </>
            ) : null}
          </p>
        ) : (
          <p className="alert">Your details could not be loaded.</p>
        )}
        <SignOutForm returnTo="/">
          <button type="submit" className="button button--secondary">
            Sign out
          </button>
        </SignOutForm>
      </section>
      <section className="panel" aria-labelledby="orders-title">
        <h2 id="orders-title">Your orders</h2>
        {orders === undefined ? (
          <p className="alert">Your orders could not be loaded.</p>
        ) : orders.length === 0 ? (
          <p>You have no orders yet.</p>
        ) : (
          <ul className="orders">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderSummary order={order} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The member's record and their latest orders; what could not be read is `undefined`. */
async function readAccount(
  store: StoreClient,
): Promise<{ member: Member | undefined; orders: readonly Order[] | undefined }> {
  const [member, orders] = await Promise.allSettled([
    store.members.getCurrentMember({ fieldsets: ['FULL'] }),
    store.orders.search({ cursorPaging: { limit: 10 } }),
  ]);
  return {
    member: member.status === 'fulfilled' ? member.value : undefined,
    orders: orders.status === 'fulfilled' ? orders.value.items : undefined,
  };
}

function memberName(member: Member): string {
  const full = [member.contact?.firstName, member.contact?.lastName].filter(Boolean).join(' ');
  return full || member.profile?.nickname || member.loginEmail || 'Member';
}

function OrderSummary({ order }: { order: Order }): ReactNode {
  const total = order.priceSummary?.total;
  const amount = Number(total?.amount);
  const items = (order.lineItems ?? [])
    .map((line) => `${line.productName?.original ?? 'Item'} × ${line.quantity ?? 1}`)
    .join(', ');
  return (
    <>
      <strong>Order #{order.number}</strong>
      {order.createdDate ? (
        <span className="muted"> · {new Date(order.createdDate).toLocaleDateString('en-US')}</span>
      ) : null}
      {total?.formattedAmount || Number.isFinite(amount) ? (
        <span> · {total?.formattedAmount ?? formatMoney(amount, order.currency)}</span>
      ) : null}
      <br />
      <span className="muted">{items}</span>
    </>
  );
}
