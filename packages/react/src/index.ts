// The React package re-exports the core, so apps install and import one package.
export * from '@vitrine/sdk';

// Server-safe modules (no hooks, no context) carry no 'use client' and import cleanly in React
// Server Components and route handlers: the query options and keys, createQueryClient, the
// error class, and the core. The others start with 'use client'.
export { StoreProvider } from './provider.js';
export type { StoreProviderProps } from './provider.js';
export { StoreClientProvider } from './client-provider.js';
export type { StoreClientProviderProps } from './client-provider.js';
export { useProductChoice } from './catalog/use-product-choice.js';
export type { ProductChoice } from './catalog/use-product-choice.js';
export { createQueryClient } from './query-client.js';
export { MissingStoreProviderError } from './errors.js';
export { useStoreClient } from './context.js';
export { useSession } from './session/use-session.js';
export { useCart } from './cart/use-cart.js';
export {
  useAddToCart,
  useApplyCoupon,
  useCheckout,
  useEstimateTotals,
  useRemoveCoupon,
  useRemoveLineItems,
  useUpdateCart,
  useUpdateLineItemQuantity,
} from './cart/mutations.js';
export type {
  AddToCartVariables,
  UpdateQuantitiesVariables,
  UseCheckoutOptions,
} from './cart/mutations.js';
export {
  useCollection,
  useCollections,
  useInfiniteProducts,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
  useVariants,
} from './catalog/hooks.js';
export type {
  CatalogHookOptions,
  CatalogPageQueryOptions,
  CatalogQueryOptions,
  ProductSelectOptions,
  UseInfiniteProductsOptions,
  UseProductOptions,
  UseProductOptionsAvailabilityOptions,
  UseVariantsOptions,
} from './catalog/hooks.js';
export {
  collectionQueryOptions,
  collectionsQueryOptions,
  infiniteProductsQueryOptions,
  productOptionsAvailabilityQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  toCatalogPage,
  toCatalogPages,
  variantsQueryOptions,
} from './catalog/query-options.js';
export type { CatalogPage, CatalogPageData, VariantsInput } from './catalog/query-options.js';
export type { VariantAvailability } from './catalog/selection.js';
export { storeQueryKeys } from './catalog/query-keys.js';
export type { CollectionRef } from './catalog/query-keys.js';
export {
  useLogin,
  useLoginWithRedirect,
  useLogout,
  usePasswordReset,
  useRedirectCallback,
  useRegister,
  useVerifyEmail,
} from './auth/hooks.js';
export type { LoginMutationResult, PasswordReset, UseLogoutOptions } from './auth/hooks.js';
export { useMember } from './members/use-member.js';
export type { UseMemberOptions } from './members/use-member.js';
export { memberQueryOptions } from './members/member-query-options.js';
export type { MemberQueryInput } from './members/member-query-options.js';
export { useMemberOrders } from './orders/use-member-orders.js';
export { memberOrdersQueryOptions } from './orders/member-orders-query-options.js';
export type { MemberOrdersPage } from './orders/member-orders-query-options.js';
export { useRecommendations } from './recommendations/use-recommendations.js';
export { recommendationsQueryOptions } from './recommendations/recommendations-query-options.js';
