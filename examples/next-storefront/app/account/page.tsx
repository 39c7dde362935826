/**
 * The member's account, rendered on the server: their name and email from their member record,
 * and their past orders, both read with this request's client, which holds the member's tokens
 * from the cookies (`getRequestStore`). A member's token finds that member's orders only; a
 * visitor gets the sign-in prompt. `?orders=` holds the cursor of the page of orders shown.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AccountPanel } from '../../components/AccountPanel';
import { ErrorMessage } from '../../components/Feedback';
import { OrderHistory } from '../../components/OrderHistory';
import { memberName } from '../../lib/member';
import { getRequestStore } from '../../lib/request-store';

export const metadata: Metadata = { title: 'Your account' };

const ORDERS_PER_PAGE = 5;

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<{ orders?: string | string[] }>;
}): Promise<ReactNode> {
  const store = await getRequestStore();
  if (!store.auth.isLoggedIn()) return <AccountPanel />;
  const { orders: cursor } = await searchParams;
  const [member, orders] = await Promise.allSettled([
    store.members.getCurrentMember({ fieldsets: ['FULL'] }),
    store.orders.search({
      cursorPaging: {
        limit: ORDERS_PER_PAGE,
        ...(typeof cursor === 'string' && cursor !== '' ? { cursor } : {}),
      },
    }),
  ]);
  return (
    <AccountPanel
      member={
        member.status === 'fulfilled'
          ? { name: memberName(member.value), email: member.value.loginEmail }
          : undefined
      }
    >
      {orders.status === 'fulfilled' ? (
        <OrderHistory
          orders={orders.value.items}
          older={orders.value.cursors.next}
          newer={orders.value.cursors.prev}
        />
      ) : (
        <section className="panel order-history" aria-label="Your orders">
          <ErrorMessage error={orders.reason as unknown} />
        </section>
      )}
    </AccountPanel>
  );
}
