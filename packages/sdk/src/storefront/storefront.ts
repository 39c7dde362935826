/**
 * `store.storefront`: the storefront reads, in one shape whichever catalog the store runs (the
 * model: models/storefront.ts). A face whose body (storefront-reads.ts) loads with the first
 * read; the body then loads the code of the store's catalog only.
 */
import { lazyFace, loadOnFirstUse, once } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { StorefrontSettings } from './storefront-reads.js';
import type { StorefrontApi } from './types.js';

const loadStorefrontReads = /* @__PURE__ */ loadOnFirstUse(() => import('./storefront-reads.js'));

/** Binds the storefront reads to a transport and a store. */
export function createStorefront(
  transport: Transport,
  settings: StorefrontSettings,
): StorefrontApi {
  const load = once(async () =>
    (await loadStorefrontReads()).createStorefrontReads(transport, settings),
  );
  return lazyFace(
    load,
    ['catalogVersion', 'products', 'product', 'categories', 'category'],
    ['iterateProducts'],
  );
}
