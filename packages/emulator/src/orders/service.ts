/**
 * Orders placed on the hosted checkout page, read as the platform's eCommerce Orders API reads
 * them: one by id (for the API key), and searches (every order for the API key, a member's own
 * orders for a member), newest first, paged by cursor.
 */
import type { EmulatorContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { runQuery } from '../query/run.js';
import type { OrderSearch } from './search.js';
import { encodeCursor } from '../query/cursor.js';
import { renderOrder, type WireOrder } from './view.js';

/** An order by id. @throws {ApiError} 404. */
export function orderById(ctx: EmulatorContext, id: string): { order: WireOrder } {
  const orders = ctx.store.state.orders;
  const order = Object.hasOwn(orders, id) ? orders[id] : undefined;
  if (!order) throw notFound('No order has this id');
  return { order: renderOrder(order, ctx.baseUrl) };
}

/**
 * A page of orders: a member's own when `memberId` is given (a filter cannot reach another
 * member's), else every order (the API key's search).
 */
export function searchOrders(
  ctx: EmulatorContext,
  memberId: string | undefined,
  search: OrderSearch,
) {
  // Newest first among equal dates: the state keeps orders in the order they were placed.
  const orders: WireOrder[] = Object.values(ctx.store.state.orders)
    .filter(
      (o) =>
        memberId === undefined || ('memberId' in o.buyerInfo && o.buyerInfo.memberId === memberId),
    )
    .reverse()
    .map((o) => renderOrder(o, ctx.baseUrl));
  const { items, total } = runQuery(orders, search);
  const next = search.offset + items.length;
  // A next cursor only past what this page brought: one that does not move on would be followed forever.
  const hasNext = items.length > 0 && next < total;
  const cursorOf = (offset: number) =>
    encodeCursor({ offset, filter: search.filter, sort: search.sortAsSent });
  return {
    orders: items,
    metadata: {
      count: items.length,
      cursors: {
        ...(hasNext ? { next: cursorOf(next) } : {}),
        ...(search.offset > 0 ? { prev: cursorOf(Math.max(0, search.offset - search.limit)) } : {}),
      },
      hasNext,
    },
  };
}
