/**
 * `@vitrine/sdk`: what apps use. The platform's entity and enumeration types are exported here
 * by name; the enumerations' runtime values are on `@vitrine/sdk/models`. What is left out on
 * purpose is listed in the README ("Not exported").
 */

// ── The client ──
export { createStoreClient } from './client/create-store-client.js';
export type { StoreClient, StoreFetchInit } from './client/create-store-client.js';
export type { StoreClientOptions } from './client/options.js';
export type {
  AfterResponseHook,
  BeforeErrorHook,
  BeforeRequestHook,
  RetryOptions,
  StoreClientHooks,
} from './http/http-options.js';
export type { StoreHosts } from './http/hosts.js';
export { readStoreSnapshot } from './client/read-store-snapshot.js';
// Also on `@vitrine/sdk/lite`, with the other names an island needs: import it from there.
export { createDeferredStoreClient } from './client/deferred-store-client.js';
export type {
  DeferredStoreClient,
  DeferredStoreClientOptions,
} from './client/deferred-store-client.js';
export type { ReadStoreSnapshotOptions, StoreSnapshot } from './client/read-store-snapshot.js';
export { memoryStorage } from './auth/storage/memory.js';
export { browserStorage } from './auth/storage/browser.js';
export type { BrowserStorageOptions } from './auth/storage/browser.js';
export { cookieStorage, serializeCookie } from './auth/storage/cookie.js';
export type { CookieAttributes, CookieStorageOptions } from './auth/storage/cookie.js';
export type { TokenStorage } from './auth/storage/types.js';
export { sessionEndpoint } from './auth/tokens/session-grants.js';
export type { SessionEndpoint } from './auth/tokens/session-grants.js';
export type {
  GraphqlCaller,
  GraphqlError,
  GraphqlOptions,
  GraphqlResponse,
} from './http/graphql.js';

// ── Identity: store.auth, store.identity, store.redirects ──
export type { StoreAuth } from './auth/store-auth.js';
export type { AuthState, IdentityChangeEvent } from './auth/auth-state.js';
export type { AuthStatus, IdentityChangeReason } from './models/auth.js';
export type { AuthUrl, AuthUrlOptions } from './auth/hosted-login/auth-url.js';
export type { OAuthData } from './auth/hosted-login/oauth-data.js';
export type {
  LoginWithRedirectOptions,
  RedirectCallbackResult,
} from './auth/hosted-login/hosted-login.js';
export { parseFromUrl } from './auth/hosted-login/parse-from-url.js';
export { toSameOriginPath } from './auth/hosted-login/same-origin-path.js';
export type { OAuthCallbackParams } from './auth/hosted-login/parse-from-url.js';
export type { LoginInput, RegisterInput } from './auth/member-flows/member-flows.js';
export type {
  AuthenticationApi,
  IdentityCallOptions,
  RecoveryApi,
  StoreIdentity,
  VerificationApi,
} from './auth/member-flows/identity-api.js';
export type { StoreRedirects } from './redirects/redirect-session.js';

// ── The cart: store.cart, store.cartStore ──
export type {
  CartAddItemsInput,
  CartCallOptions,
  CartCarryOver,
  CartCouponState,
  CartFailure,
  CartLineState,
  CartOperation,
  CartState,
  CartStatus,
  CarryOverCoupon,
  CarryOverFailure,
  CartLineInput,
  CartApiVersion,
  CartOption,
  CurrentCartApi,
} from './cart/types.js';
export type {
  CartActions,
  CartOperationMethods,
  CartOperationName,
  CartOperations,
  CartResult,
  CartVariables,
} from './cart/cart-operations.js';
export type {
  LegacyAddItems,
  LegacyCartActions,
  LegacyQuantityUpdate,
} from './cart/legacy-input.js';
export type { CartStore } from './cart/cart-store.js';
export { STORES_APP_ID } from './models/cart.js';
export { snapshotCartState } from './cart/cart-state.js';
export { storesCatalogReference, storesLineItem } from './cart/catalog-reference.js';
export type { StoresItemOptions } from './cart/catalog-reference.js';
export { startHostedCheckout } from './cart/hosted-checkout.js';
export { lineItemOptions } from './cart/line-options.js';
export type { LineItemOption } from './cart/line-options.js';
export type { HostedCheckout, HostedCheckoutInput } from './cart/hosted-checkout.js';

// ── The catalog: store.products, store.collections, store.variants ──
export type {
  CatalogCallOptions,
  CollectionsApi,
  GetProductOptions,
  ProductsApi,
  VariantsApi,
} from './catalog/types.js';
export type { Page, PageRequest } from './catalog/page.js';
export {
  PRODUCT_SORT_ORDERS,
  parseProductSortOrder,
  productSortQuery,
} from './catalog/sort-orders.js';
export type { ProductSortOrder } from './catalog/sort-orders.js';
export {
  choiceAvailability,
  chosenVariant,
  initialSelection,
  matchingVariants,
  pickableOptions,
  selectionPrices,
} from './storefront/product-choice.js';
export type {
  ChoiceAvailability,
  OptionSelection,
  PickableOption,
  SelectionPrices,
} from './storefront/product-choice.js';
export { storefrontLineItem } from './storefront/line-item.js';
export type { StorefrontPurchase } from './storefront/line-item.js';
export type {
  CatalogOption,
  CatalogVersion,
  StorefrontApi,
  StorefrontCallOptions,
  StorefrontCategoryQuery,
  StorefrontCategorySort,
  StorefrontProductQuery,
  StorefrontRef,
} from './storefront/types.js';
export type { Paging } from './http/paging.js';
export type {
  ArrayOperators,
  CatalogQuery,
  CollectionFilterFields,
  CollectionQuery,
  ComparisonOperators,
  DateValue,
  FieldCondition,
  Filter,
  LogicalOperators,
  ProductFilterFields,
  ProductQuery,
  SortField,
  StringOperators,
  VariantFilterFields,
  VariantQuery,
} from './catalog/query.js';

// ── Catalog V3: store.productsV3, store.categories, store.readOnlyVariantsV3, store.inventoryItemsV3 ──
export type {
  BulkProductsV3Options,
  CatalogV3CallOptions,
  CategoriesApi,
  CategoriesCountInput,
  CategoriesCountOptions,
  CategoriesReadOptions,
  CategoryCallOptions,
  CategoryOptions,
  CursorPage,
  InventoryItemsV3Api,
  InventoryItemsV3CountInput,
  ListCategoryItemsOptions,
  ProductsV3Api,
  ProductsV3CountInput,
  ProductsV3ReadOptions,
  ProductV3Options,
  ReadOnlyVariantsV3Api,
  ReadOnlyVariantsV3ReadOptions,
  SearchPage,
  UpdateInventoryItemV3Options,
} from './catalog-v3/types.js';
export type {
  CategoryFields,
  CategoryQuery,
  CategorySearch,
  CategorySortField,
  CursorPagingInput,
  CursorQueryV3,
  CursorSearchV3,
  FieldConditionV3,
  FilterV3,
  InventoryItemV3Fields,
  InventoryItemV3Query,
  InventoryItemV3Search,
  InventoryItemV3SearchableField,
  InventoryItemV3SortField,
  MatchItems,
  ProductCategoryMatchFields,
  ProductV3Query,
  ProductV3QueryFields,
  ProductV3QuerySortField,
  ProductV3Search,
  ProductV3SearchableField,
  ProductV3SearchFields,
  ProductV3SearchSortField,
  ProductVariantMatchFields,
  ReadOnlyVariantV3Query,
  ReadOnlyVariantV3QueryFields,
  ReadOnlyVariantV3Search,
  ReadOnlyVariantV3SearchFields,
  SortV3,
} from './catalog-v3/query.js';

// ── Members, orders, recommendations: store.members, store.orders, store.recommendations ──
export type { GetCurrentMemberOptions, MembersApi } from './members/types.js';
export type {
  OrderCallOptions,
  OrderFilterFields,
  OrderSearch,
  OrdersApi,
  OrdersPage,
} from './orders/types.js';
export type {
  GetRecommendationInput,
  RecommendationCallOptions,
  RecommendationsApi,
} from './recommendations/types.js';
export { STORES_RECOMMENDATION_ALGORITHMS } from './models/recommendations.js';

// ── Media: image URLs at a given size ──
export { imageSrcSet, scaledImageUrl } from './media/scaled-image-url.js';
export type { ImageSize, ImageSource } from './media/scaled-image-url.js';

// ── Webhooks ──
export { createWebhookHandler } from './webhooks/create-webhook-handler.js';
export {
  CATALOG_CACHE_TAG,
  COLLECTION_LISTS_CACHE_TAG,
  PRODUCT_LISTS_CACHE_TAG,
  cacheTagsToExpire,
  collectionCacheTag,
  collectionListCacheTags,
  productCacheTag,
  productListCacheTags,
  storefrontProductListCacheTags,
} from './webhooks/cache-tags.js';
export type { CacheTagQuery, StorefrontTagQuery } from './webhooks/cache-tags.js';
export type {
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookPublicKeyObject,
} from './webhooks/create-webhook-handler.js';

// ── Errors: one root, VitrineError, with code and retryable ──
export { VitrineError } from './errors/vitrine-error.js';
export type { VitrineErrorInit } from './errors/vitrine-error.js';
export { isVitrineError } from './errors/is-vitrine-error.js';
export { StoreArgumentError } from './errors/argument-error.js';
export { StoreApiError } from './http/errors/store-api-error.js';
export type { RedactedRequest, StoreApiErrorInit } from './http/errors/store-api-error.js';
export { StoreValidationError } from './http/errors/validation-error.js';
export type { FieldViolation } from './http/errors/validation-error.js';
export { StoreApplicationError } from './http/errors/application-error.js';
export { CatalogVersionError } from './http/errors/catalog-version-error.js';
export type {
  CatalogVersionErrorInit,
  StoreCatalogVersion,
} from './http/errors/catalog-version-error.js';
export { StoreClientError } from './http/errors/client-error.js';
export { StoreSystemError } from './http/errors/system-error.js';
export { StoreErrorCodes } from './http/errors/codes.js';
export type { StoreErrorCode } from './http/errors/codes.js';
export {
  isCatalogVersionError,
  isStoreApiError,
  isStoreApplicationError,
  isStoreArgumentError,
  isStoreClientError,
  isStoreSystemError,
  isStoreValidationError,
} from './http/errors/type-guards.js';
export { StoreAuthError, StoreAuthErrorCodes } from './auth/store-auth-error.js';
export { isStoreAuthError } from './auth/is-store-auth-error.js';
export type { StoreAuthErrorCode, StoreAuthErrorInit } from './auth/store-auth-error.js';
export { CartOperationCancelledError } from './cart/cart-operation-cancelled-error.js';
export { isCartOperationCancelledError } from './cart/is-cart-operation-cancelled-error.js';
export { UnexpectedWebhookEventError } from './webhooks/errors/unexpected-event-error.js';
export { WebhookVerificationError } from './webhooks/errors/verification-error.js';
export {
  isUnexpectedWebhookEventError,
  isWebhookVerificationError,
} from './webhooks/errors/type-guards.js';

// ── The platform's entities and enumerations, by name: their types here, the enumerations'
// values on '@vitrine/sdk/models' ──
export type * from './models.js';
