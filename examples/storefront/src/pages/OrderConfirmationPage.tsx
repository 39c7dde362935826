/**
 * The thank-you page after the hosted checkout: the order's reference, which the platform
 * hands back (`?orderId=`), and what was ordered, noted before leaving for the checkout page.
 * The order itself (its total, shipping and tax) can only be read with the store's API key, on
 * a server: this page says only what it knows. Hook: `useCart` (the cart is empty again).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useCart } from '@vitrine/react';
import { forgetCheckout, readCheckout } from '../lib/checkout-return';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function OrderConfirmationPage(): ReactNode {
  usePageTitle('Thank you for your order');
  const [order] = useState(() => readCheckout());
  const [orderId] = useState(() => new URLSearchParams(window.location.search).get('orderId'));
  const itemCount = useCart((state) => state.itemCount);
  useEffect(() => forgetCheckout(), []);

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
      {order ? (
        <section className="panel" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title">What you ordered</h2>
          <ul className="cart-lines" aria-label="Ordered items">
            {order.lines.map((line, index) => (
              <li className="cart-line" key={index}>
                {line.image ? (
                  <img
                    className="cart-line__image"
                    src={line.image}
                    alt=""
                    width={80}
                    height={80}
                  />
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
      ) : null}
      <Link className="button" to={paths.shop()}>
        Continue shopping
      </Link>
    </div>
  );
}
