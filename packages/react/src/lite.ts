// `@vitrine/react/lite`: the provider and hooks an island of a server-rendered page starts with.
// Nothing here imports TanStack Query or the SDK's client code (only `@vitrine/sdk/lite`), so a
// page pays a few kilobytes until the shopper needs the store. Every name is also on the root
// entry, with the same type.
export { StoreClientProvider } from './client-provider.js';
export type { StoreClientProviderProps } from './client-provider.js';
export { useStoreClient } from './context.js';
export { useSession } from './session/use-session.js';
export { useCart } from './cart/use-cart.js';
export { useProductChoice } from './catalog/use-product-choice.js';
export type { ProductChoice } from './catalog/use-product-choice.js';
export type { PickableOption } from '@vitrine/sdk/lite';
export { MissingStoreProviderError } from './errors.js';
