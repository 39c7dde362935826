/**
 * The signed-in member's past orders, newest first, five a page: each order's number, date,
 * status and total, and what was in it. Hook: `useMemberOrders` (their own orders, read with their
 * token).
 */
import { useState, type ReactNode } from 'react';
import { useMemberOrders } from '@vitrine/react';
import { OrderCard } from '@vitrine/shop-ui/components/OrderCard';
import { paths } from '../paths';
import { Link } from '../router';
import { ErrorMessage, Loading } from '@vitrine/shop-ui/components/Feedback';

const PAGE_SIZE = 5;

export function OrderHistory(): ReactNode {
  // The cursors of the pages shown before this one, to go back.
  const [trail, setTrail] = useState<(string | undefined)[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const { data, error, isPending } = useMemberOrders({
    cursorPaging: { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) },
  });

  return (
    <section className="panel order-history" aria-labelledby="order-history-title">
      <h2 id="order-history-title">Your orders</h2>
      {isPending ? (
        <Loading>Looking up your orders…</Loading>
      ) : error ? (
        <ErrorMessage error={error} />
      ) : data.items.length === 0 ? (
        <p>
          You have no orders yet. <Link to={paths.shop()}>Start shopping</Link>
        </p>
      ) : (
        <>
          <ol className="order-history__list" aria-label="Past orders">
            {data.items.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ol>
          <div className="order-history__pages">
            {trail.length > 0 ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setCursor(trail.at(-1));
                  setTrail(trail.slice(0, -1));
                }}
              >
                Newer orders
              </button>
            ) : null}
            {data.hasNextPage ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setTrail([...trail, cursor]);
                  setCursor(data.cursors.next);
                }}
              >
                Older orders
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
