/**
 * The types of `store.orders`: its calls and their options, apart from the code (see
 * orders-api.ts and order-calls.ts), which import them.
 */
import type { Filter, SortField } from '../catalog/query.js';
import type {
  Order,
  OrderFulfillmentStatus,
  OrderPaymentStatus,
  OrderStatus,
} from '../models/orders.js';

/** Options every order call takes. */
export interface OrderCallOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Fields orders can be filtered and sorted on. */
export interface OrderFilterFields {
  id: string;
  number: string;
  checkoutId: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  fulfillmentStatus: OrderFulfillmentStatus;
  createdDate: string;
  updatedDate: string;
  'buyerInfo.memberId': string;
  'buyerInfo.contactId': string;
  'buyerInfo.visitorId': string;
  'buyerInfo.email': string;
  'lineItems.catalogReference.catalogItemId': string[];
}

/**
 * An order search: `{ filter?, sort?, cursorPaging? }`. The platform's defaults: newest first,
 * 100 orders a page (at most 100).
 *
 * @example
 * { filter: { status: 'APPROVED' }, cursorPaging: { limit: 10 } }
 */
export interface OrderSearch<F = OrderFilterFields> {
  filter?: Filter<F>;
  sort?: readonly SortField<F>[];
  cursorPaging?: {
    /** @default 100 */
    limit?: number;
    /** A page's `cursors.next` (or `prev`): the page after (or before) it. */
    cursor?: string;
  };
}

/** One page of an order search. */
export interface OrdersPage {
  /** The orders of this page. */
  readonly items: readonly Order[];
  /** Cursors of the pages after and before this one, when there are. */
  readonly cursors: Readonly<{ next?: string; prev?: string }>;
  /** `true` when another page follows. */
  hasNext(): boolean;
  /**
   * Fetches the next page; on the last page, resolves to an empty page.
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server gave this page the
   *   cursor it was fetched with (the next page would be this one, forever).
   */
  next(): Promise<OrdersPage>;
}

/**
 * Orders, as the platform's eCommerce Orders API reads them. A member searches their own
 * orders with their own token (the signed-in shopper's account page); reading any order, or one
 * by id, is merchant-side and needs the API key. Every call throws {@link StoreApiError} when the
 * platform refuses it, and {@link StoreArgumentError} before sending for an empty id or a bad
 * page size.
 */
export interface OrdersApi {
  /**
   * One page of orders: `POST /ecom/v1/orders/search` with `{ search }`. A member's token finds
   * that member's orders only; the API key finds every order.
   *
   * @example
   * const page = await store.orders.search({ cursorPaging: { limit: 10 } });
   * for (const order of page.items) show(order.number, order.priceSummary?.total?.formattedAmount);
   * if (page.hasNext()) await page.next();
   * @throws {StoreApplicationError} with status 403 and code `PERMISSION_DENIED` for a visitor's
   * token (a visitor is not a member).
   */
  search<F = OrderFilterFields>(
    search?: OrderSearch<NoInfer<F>>,
    options?: OrderCallOptions,
  ): Promise<OrdersPage>;
  /**
   * Every order the search finds, page after page, each once.
   *
   * @example
   * for await (const order of store.orders.iterate({ filter: { status: 'APPROVED' } })) { … }
   * @throws {StoreSystemError} with code `PAGING_STALLED` when the server does not advance: a
   *   page that says more follow brings no order not already seen, or names a cursor followed
   *   before (the walk would never end).
   */
  iterate<F = OrderFilterFields>(
    search?: OrderSearch<NoInfer<F>>,
    options?: OrderCallOptions,
  ): AsyncGenerator<Order, void, undefined>;
  /**
   * One order: `GET /ecom/v1/orders/{id}`. Merchant-side: it needs the API key (a client made
   * with `apiKey`, on a server); a shopper's token gets 403.
   *
   * @example
   * const order = await merchant.orders.get(orderId);
   * @throws {StoreApplicationError} with status 404 (`NOT_FOUND`) when there is no such order, 403
   * (`PERMISSION_DENIED`) without the API key.
   */
  get(id: string, options?: OrderCallOptions): Promise<Order>;
}
