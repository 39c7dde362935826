import { loadOnFirstUse } from '../http/load-on-first-use.js';

/**
 * Catalog V3's calls (catalog-v3-calls.ts), loaded the first time one of its modules is called (catalog-v3-api.ts):
 * a storefront on Catalog V1 never downloads them.
 */
export const loadCatalogV3 = /* @__PURE__ */ loadOnFirstUse(() => import('./catalog-v3-calls.js'));
