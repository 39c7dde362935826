/**
 * `store.orders`, loaded on first use: the order calls are in a separate chunk, fetched the first
 * time one is made (a storefront's first page makes none).
 */
import { deferMethods, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { OrderCallOptions, OrderSearch, OrdersApi } from './types.js';

/** `store.orders` on `transport`, its code loaded by the first call. */
export function lazyOrdersApi(transport: Transport): OrdersApi {
  const load = loadOnFirstUse(async () =>
    (await import('./orders-api.js')).createOrdersApi(transport),
  );
  return {
    ...deferMethods<OrdersApi, 'search' | 'get'>(load, ['search', 'get']),
    async *iterate<F>(search?: OrderSearch<NoInfer<F>>, options?: OrderCallOptions) {
      yield* (await load()).iterate<F>(search, options);
    },
  };
}
