/**
 * One of the member's past orders on the account page: its number, date, status and total, and
 * what was in it. No hooks: the Next shop renders it on the server.
 */
import type { ReactNode } from 'react';
import { scaledImageUrl } from '@vitrine/sdk/lite';
import type { Order } from '@vitrine/sdk';
import { orderDate, orderLineName, orderStatus, orderTotal } from '../lib/orders';

/** The order as an item of the "Past orders" list. */
export function OrderCard({ order }: { order: Order }): ReactNode {
  const number = order.number ?? order.id ?? '';
  return (
    <li className="order-card" aria-label={`Order ${number}`}>
      <div className="order-card__head">
        <span className="order-card__number">{`Order #${number}`}</span>
        <span className="order-card__date">{orderDate(order)}</span>
        <span className="order-card__status">{orderStatus(order)}</span>
        <span className="order-card__total">{orderTotal(order)}</span>
      </div>
      <ul className="order-card__lines" aria-label={`Items of order ${number}`}>
        {(order.lineItems ?? []).map((line, index) => (
          <li className="order-card__line" key={line.id ?? index}>
            {line.image ? (
              <img
                className="order-card__image"
                src={scaledImageUrl(line.image, { width: 64, height: 64 })}
                alt=""
                width={64}
                height={64}
                loading="lazy"
              />
            ) : (
              <div className="order-card__image" aria-hidden="true" />
            )}
            <span>
              {orderLineName(line)} × {line.quantity ?? 1}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
