/**
 * The order calls on the wire (`/ecom/v1/orders…`): search by cursor page, every page in turn,
 * and one order by id. `store.orders` (orders-api.ts) loads them the first time one is made.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { pathParam } from '../http/path-param.js';
import { pagingStalled, walkPages } from '../http/walk-pages.js';
import type { Transport } from '../http/transport.js';
import { listOf, unwrap } from '../http/unwrap.js';
import { checkQuantity, describe } from '../internal/checks.js';
import { isJsonObject } from '../internal/json.js';
import type { Order } from '../models/orders.js';
import type { OrderCallOptions, OrderSearch, OrdersApi, OrdersPage } from './types.js';

const ORDERS = '/ecom/v1/orders';
/** Largest page the platform serves. */
const MAX_LIMIT = 100;

/** The wire body of a search, checked. */
function searchBody<F>(search: OrderSearch<F> | undefined): { search: Record<string, unknown> } {
  if (search === undefined) return { search: {} };
  if (typeof search !== 'object' || search === null || Array.isArray(search))
    throw new StoreArgumentError('search', `must be an object, got ${describe(search)}`);
  const paging = search.cursorPaging;
  if (paging?.limit !== undefined) {
    checkQuantity('search.cursorPaging.limit', paging.limit, 1);
    if (paging.limit > MAX_LIMIT)
      throw new StoreArgumentError('search.cursorPaging.limit', `must be at most ${MAX_LIMIT}`);
  }
  if (paging?.cursor !== undefined && typeof paging.cursor !== 'string')
    throw new StoreArgumentError('search.cursorPaging.cursor', 'must be a string');
  return { search: { ...search } };
}

function cursorsOf(response: Record<string, unknown>): { next?: string; prev?: string } {
  const metadata = response.metadata;
  const cursors = isJsonObject(metadata) ? metadata.cursors : undefined;
  if (!isJsonObject(cursors)) return {};
  return {
    ...(typeof cursors.next === 'string' && cursors.next !== '' ? { next: cursors.next } : {}),
    ...(typeof cursors.prev === 'string' && cursors.prev !== '' ? { prev: cursors.prev } : {}),
  };
}

/** The order calls on a transport. */
export function createOrderCalls(transport: Transport): OrdersApi {
  const fetchPage = async <F>(
    search: OrderSearch<F> | undefined,
    options: OrderCallOptions,
  ): Promise<OrdersPage> => {
    const body = searchBody(search);
    const response = await transport.request({
      method: 'POST',
      path: `${ORDERS}/search`,
      body,
      signal: options.signal,
      // A read sent as POST: as safe to retry as a GET.
      retry: true,
    });
    const items = Object.freeze(listOf<Order>(response, 'orders'));
    const cursors = Object.freeze(cursorsOf(response));
    const hasNext = () => items.length > 0 && cursors.next !== undefined;
    return {
      items,
      cursors,
      hasNext,
      next: () => {
        if (!hasNext()) return Promise.resolve(emptyPage());
        // The cursor this page came with, again: following it would answer this page forever.
        if (cursors.next === search?.cursorPaging?.cursor)
          return Promise.reject(
            pagingStalled('orders.search', 'the server gave back the cursor of the same page'),
          );
        const limit = search?.cursorPaging?.limit;
        // A cursor carries its search: only the page size goes with it.
        return fetchPage<F>(
          { cursorPaging: { ...(limit !== undefined ? { limit } : {}), cursor: cursors.next! } },
          options,
        );
      },
    };
  };

  return {
    search: (search, options = {}) => fetchPage(search, options),
    iterate(search, options = {}) {
      // An order met on an earlier page (one was placed while walking) is not repeated.
      return walkPages(() => fetchPage(search, options), {
        call: 'orders.iterate',
        nextPosition: (page) => (page as OrdersPage).cursors.next,
      });
    },
    async get(id, options = {}) {
      const response = await transport.request({
        method: 'GET',
        path: `${ORDERS}/${pathParam('id', id)}`,
        signal: options.signal,
      });
      return unwrap<Order>(response, 'order', 'orders.get');
    },
  };
}

function emptyPage(): OrdersPage {
  return {
    items: Object.freeze([]),
    cursors: Object.freeze({}),
    hasNext: () => false,
    next: () => Promise.resolve(emptyPage()),
  };
}
