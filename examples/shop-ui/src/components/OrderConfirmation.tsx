'use client';
/**
 * The thank-you page after the hosted checkout: the order's reference when the platform handed
 * it back (`?orderId=`), and what was ordered, as noted in this tab before leaving for the
 * checkout page (`rememberCheckout`). The order itself (its total, shipping and tax) can only be
 * read with the store's API key, on a server: this says only what it knows. The note is in
 * `sessionStorage`, which a server cannot read: it is read after hydrating, so a server's HTML
 * and the browser's first render agree. Hook: `useCart` (the cart is empty again).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useCart } from '@vitrine/react/lite';
import { forgetCheckout, readCheckout, type OrderSnapshot } from '../lib/checkout-return';
import { useShopLink } from './ShopLink';

/** The confirmation, with a "Continue shopping" link to `continueHref`. */
export function OrderConfirmation({
  orderId,
  continueHref,
}: {
  /** The placed order's id, when the checkout page handed it back. */
  orderId?: string | undefined;
  continueHref: string;
}): ReactNode {
  const Link = useShopLink();
  const [order, setOrder] = useState<OrderSnapshot | undefined>(undefined);
  const itemCount = useCart((state) => state.itemCount);
  useEffect(() => {
    // Kept when an effect runs twice (React's strict mode): the note is read only once.
    setOrder((current) => current ?? readCheckout());
    forgetCheckout();
  }, []);

  return (
    <div className="container confirmation">
      <div className="confirmation__icon" aria-hidden="true">
        ✓
      </div>
      <h1>Thank you for your order!</h1>
      <p>
        Your order is placed. We will email you as soon as it ships.
        {itemCount === 0 ? ' Your cart is empty again, ready for next time.' : ''}
      </p>
      {orderId ? (
        <p className="confirmation__reference">
          Order reference: <strong data-testid="order-reference">{orderId}</strong>
        </p>
      ) : null}
      {order ? <OrderSummary order={order} /> : null}
      <Link className="button" href={continueHref}>
        Continue shopping
      </Link>
    </div>
  );
}

/** What was ordered: the lines and the totals known before the checkout page. */
function OrderSummary({ order }: { order: OrderSnapshot }): ReactNode {
  return (
    <section className="panel" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">What you ordered</h2>
      <ul className="cart-lines" aria-label="Ordered items">
        {order.lines.map((line, index) => (
          <li className="cart-line" key={index}>
            {line.image ? (
              <img className="cart-line__image" src={line.image} alt="" width={80} height={80} />
            ) : (
              <div className="cart-line__image" aria-hidden="true" />
            )}
            <div className="cart-line__body">
              <div className="cart-line__top">
                <span className="cart-line__name">
                  {line.name} × {line.quantity}
                </span>
                <span className="cart-line__total">{line.total}</span>
              </div>
              {line.options ? <span className="cart-line__options">{line.options}</span> : null}
            </div>
          </li>
        ))}
      </ul>
      <table className="summary-table">
        <tbody>
          {order.totals.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="confirmation__note">
        Shipping and tax were added on the checkout page, with the delivery you chose there.
      </p>
    </section>
  );
}
