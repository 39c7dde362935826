/**
 * The signed-in member's past orders, newest first: each order's number, date, status and total,
 * and what was in it, with links to the pages before and after. No hooks: the account page
 * reads the orders on the server, with the member's own token, and renders this there.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Order } from '@vitrine/sdk';
import { OrderCard } from '@vitrine/shop-ui/components/OrderCard';
import { paths } from '@vitrine/shop-ui/lib/paths';

export function OrderHistory({
  orders,
  older,
  newer,
}: {
  orders: readonly Order[];
  /** The cursor of the page of older orders, when there is one. */
  older?: string | undefined;
  /** The cursor of the page of newer orders, when this is not the first page. */
  newer?: string | undefined;
}): ReactNode {
  return (
    <section className="panel order-history" aria-labelledby="order-history-title">
      <h2 id="order-history-title">Your orders</h2>
      {orders.length === 0 ? (
        <p>
          You have no orders yet. <Link href={paths.home()}>Start shopping</Link>
        </p>
      ) : (
        <ol className="order-history__list" aria-label="Past orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ol>
      )}
      {older !== undefined || newer !== undefined ? (
        <div className="order-history__pages">
          {newer !== undefined ? (
            <Link className="button button--secondary" href={paths.account(newer)}>
              Newer orders
            </Link>
          ) : null}
          {older !== undefined ? (
            <Link className="button button--secondary" href={paths.account(older)}>
              Older orders
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
