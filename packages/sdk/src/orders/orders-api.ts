/**
 * `store.orders`: a face every page holds, whose calls load the order calls (order-calls.ts,
 * a chunk of their own) the first time one is made; a storefront's first page makes none.
 */
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { OrdersApi } from './types.js';

/** `store.orders` on `transport`, its calls loaded by the first one. */
export function createOrdersApi(transport: Transport): OrdersApi {
  const load = loadOnFirstUse(async () =>
    (await import('./order-calls.js')).createOrderCalls(transport),
  );
  return lazyFace(load, ['search', 'get'], ['iterate']);
}
