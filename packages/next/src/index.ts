// `@vitrine/next`: the App Router integration, server side. Import it in server components,
// route handlers and server actions; the browser's parts are on `@vitrine/next/client`.
export { readStoreConfig, shopOrigin } from './server/store-config.js';
export type { StoreConfig } from './server/store-config.js';
export { getRequestStore, requestOrigin } from './server/request-store.js';
export { readShopper } from './server/shopper.js';
export type { Shopper } from './server/shopper.js';
export { ShopperIsland } from './components/shopper-island.js';
export { NoScriptSupport } from './components/no-script-support.js';
export {
  HINT_ATTRIBUTES,
  SHOPPER_HINT_CSP,
  ShopperHintScript,
} from './components/shopper-hint-script.js';
export {
  getCollectionBySlug,
  getCollectionProducts,
  getCollections,
  getProductBySlug,
  getProducts,
  searchProducts,
} from './catalog/catalog.js';
export type { CatalogList, ProductSearch } from './catalog/catalog.js';
export { CATALOG_CACHE_LIFE } from './catalog/cache-life.js';
export { VITRINE_PATHS, hostedSignInHref } from './shared/paths.js';
export { signInReturnMessage } from './shared/sign-in-return.js';
export type { FormState } from './shared/form-state.js';
export type { PurchaseRefusal } from './shared/purchase.js';
