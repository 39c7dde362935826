/**
 * The member's account: their name and email from their member record, their cart, their past
 * orders and sign-out. The record and the orders are read on the server with this request's
 * client, which holds the member's tokens from the cookies (`getRequestStore`): a member's token
 * finds that member's orders only. A visitor gets the sign-in prompt. It is the shopper's part of
 * the page, so it streams in behind `<Suspense>`. `?orders=` holds the cursor of the page of
 * orders shown.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import type { StoreClient } from '@vitrine/sdk';
import { AccountPanel, type AccountMember } from '../../components/AccountPanel';
import { ErrorMessage, Loading } from '@vitrine/shop-ui/components/Feedback';
import { OrderHistory } from '../../components/OrderHistory';
import { ShopperIsland, getRequestStore } from '@vitrine/next';
import { memberName } from '@vitrine/shop-ui/lib/member';

export const metadata: Metadata = { title: 'Your account' };

const ORDERS_PER_PAGE = 5;

type SearchParams = Promise<{ orders?: string | string[] }>;

export default function AccountPage({ searchParams }: { searchParams: SearchParams }): ReactNode {
  return (
    <Suspense fallback={<Loading>Loading your account…</Loading>}>
      <MemberAccount searchParams={searchParams} />
    </Suspense>
  );
}

async function MemberAccount({ searchParams }: { searchParams: SearchParams }): Promise<ReactNode> {
  const store = await getRequestStore();
  const { orders: cursor } = await searchParams;
  const account = store.auth.isLoggedIn()
    ? await readAccount(store, typeof cursor === 'string' ? cursor : undefined)
    : undefined;
  return (
    <ShopperIsland>
      <AccountPanel member={account?.member}>{account?.orders}</AccountPanel>
    </ShopperIsland>
  );
}

/** The member's record and one page of their orders, each rendered or explained. */
async function readAccount(
  store: StoreClient,
  cursor: string | undefined,
): Promise<{ member: AccountMember | undefined; orders: ReactNode }> {
  const [member, orders] = await Promise.allSettled([
    store.members.getCurrentMember({ fieldsets: ['FULL'] }),
    store.orders.search({
      cursorPaging: { limit: ORDERS_PER_PAGE, ...(cursor ? { cursor } : {}) },
    }),
  ]);
  return {
    member:
      member.status === 'fulfilled'
        ? { name: memberName(member.value), email: member.value.loginEmail }
        : undefined,
    orders:
      orders.status === 'fulfilled' ? (
        <OrderHistory
          orders={orders.value.items}
          older={orders.value.cursors.next}
          newer={orders.value.cursors.prev}
        />
      ) : (
        <section className="panel order-history" aria-label="Your orders">
          <ErrorMessage error={orders.reason as unknown} />
        </section>
      ),
  };
}
