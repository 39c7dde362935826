/**
 * The module next.config's `cacheHandlers` names (`vitrineCacheHandlers()`): Next.js imports it
 * when the server starts and takes its default export as the `'use cache'` handler, configured
 * by the server's environment (`cacheHandlerFromEnv`). Not a public entry: nothing imports it
 * but Next.js, by its path.
 */
import { cacheHandlerFromEnv } from './from-env.js';

export default cacheHandlerFromEnv();
