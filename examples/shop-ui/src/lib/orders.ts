/**
 * Turning a member's past orders into what the account page shows: the date, the total and
 * where the order stands. Pure functions, unit-tested in `src/__tests__/orders.test.ts`.
 */
import type { Order, OrderLineItem } from '@vitrine/sdk';
import { formatMoney } from './format';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The day an order was placed, as a shopper reads it (in UTC, so a server and a browser agree).
 * @example orderDate({ createdDate: '2025-03-01T12:00:00.000Z' }) // 'Mar 1, 2025'
 */
export function orderDate(order: Pick<Order, 'createdDate' | 'purchasedDate'>): string {
  const date = new Date(order.purchasedDate ?? order.createdDate ?? '');
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The order's total: the platform's formatting, else its amount formatted here. */
export function orderTotal(order: Pick<Order, 'priceSummary' | 'currency'>): string {
  const total = order.priceSummary?.total;
  if (total?.formattedAmount) return total.formattedAmount;
  const amount = Number(total?.amount);
  return total?.amount !== undefined && Number.isFinite(amount)
    ? formatMoney(amount, order.currency ?? 'USD')
    : '';
}

/**
 * Where the order stands, in a shopper's words.
 * @example orderStatus({ status: 'APPROVED', fulfillmentStatus: 'NOT_FULFILLED' }) // 'Processing'
 */
export function orderStatus(order: Pick<Order, 'status' | 'fulfillmentStatus'>): string {
  if (order.status === 'CANCELED') return 'Canceled';
  if (order.fulfillmentStatus === 'FULFILLED') return 'Shipped';
  if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED') return 'Partly shipped';
  return 'Processing';
}

/** The name of an ordered item. */
export function orderLineName(line: Pick<OrderLineItem, 'productName'>): string {
  return line.productName?.translated ?? line.productName?.original ?? 'Item';
}
