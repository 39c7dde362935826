/**
 * Everything the client loads on first use, in one module that `loadOnDemand` (lazy.ts) imports
 * dynamically, so bundlers put it in a chunk of its own:
 *
 * - member sign-in and sign-out, the hosted and silent login and the raw identity calls
 *   (`store.auth`'s async sign-in methods, `store.identity`);
 * - redirect sessions (`store.redirects`, the hosted checkout);
 * - carrying a visitor's cart into the member's at sign-in (`store.cartStore`);
 * - the merchant-side catalog writes (`store.products`, `store.collections`).
 *
 * One chunk rather than one per feature: a bundler such as esbuild puts the code that the initial
 * bundle shares with each lazy chunk into a separate file per combination of them, which split
 * a storefront's initial load into seven small files that compress worse than two (0.9 KB more
 * gzipped, measured with bench/run.mjs). The cost is that the first of these features to be used
 * loads all of them.
 */
export { createSignIn } from '../auth/sign-in.js';
export { createRedirects } from '../auth/redirects.js';
export { carryOverCart } from '../cart/carry-over.js';
export { createCollectionWrites } from '../catalog/collection-writes.js';
export { createProductWrites } from '../catalog/product-writes.js';
