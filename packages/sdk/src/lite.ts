// `@vitrine/sdk/lite`: what the islands of a server-rendered page use before the store is
// needed. A client whose code loads on first use, and pure functions of the platform's data (the
// cart state of a server's snapshot, a product's option choices, a cart line's options, image
// addresses at a size, a return path that stays on the site). This entry imports nothing of the root one: a page that starts with it
// downloads a few kilobytes of the SDK until the shopper touches the store. Every name here is
// also on the root entry, with the same type.
export { createDeferredStoreClient } from './client/deferred-store-client.js';
export type {
  DeferredStoreClient,
  DeferredStoreClientOptions,
} from './client/deferred-store-client.js';
export { snapshotCartState } from './cart/cart-state.js';
export { lineItemOptions } from './cart/line-options.js';
export { storesCatalogReference, storesLineItem } from './cart/catalog-reference.js';
export { storefrontLineItem } from './storefront/line-item.js';
export type { StorefrontPurchase } from './storefront/line-item.js';
export type { StoresItemOptions } from './cart/catalog-reference.js';
export type { LineItemOption } from './cart/line-options.js';
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
export {
  PRODUCT_SORT_ORDERS,
  parseProductSortOrder,
  productSortQuery,
} from './catalog/sort-orders.js';
export type { ProductSortOrder } from './catalog/sort-orders.js';
export { imageSrcSet, scaledImageUrl } from './media/scaled-image-url.js';
export { toSameOriginPath } from './auth/hosted-login/same-origin-path.js';
export { StoreArgumentError, VitrineError, isVitrineError } from './errors/base-errors.js';
export {
  isCatalogVersionError,
  isStoreApiError,
  isStoreApplicationError,
  isStoreArgumentError,
  isStoreClientError,
  isStoreSystemError,
  isStoreValidationError,
} from './http/errors/type-guards.js';
export { isStoreAuthError } from './auth/is-store-auth-error.js';
export { isCartOperationCancelledError } from './cart/is-cart-operation-cancelled-error.js';
export type { ImageSize, ImageSource } from './media/scaled-image-url.js';
