import { loadOnFirstUse } from '../http/load-on-first-use.js';

/**
 * The catalog reads a first page does not make (one product, its options and variants,
 * collections, store variants), loaded the first time one of them is called.
 */
export const loadCatalogReads = /* @__PURE__ */ loadOnFirstUse(() => import('./catalog-reads.js'));
