// `@vitrine/sdk/deferred`: a client whose code loads on first use, for the islands of a
// server-rendered page. This entry imports nothing of the root one, so a page that starts with
// it downloads a few kilobytes until the shopper needs the store.
export { createDeferredStoreClient } from './client/deferred-store-client.js';
export type {
  DeferredStoreClient,
  DeferredStoreClientOptions,
} from './client/deferred-store-client.js';
export { snapshotCartState } from './cart/cart-state.js';
