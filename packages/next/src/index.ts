// `@vitrine/next`: the App Router integration. Server-safe: nothing here is a client module.
export { readStoreConfig } from './server/store-config.js';
export type { StoreConfig } from './server/store-config.js';
