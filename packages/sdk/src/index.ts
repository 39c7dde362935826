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
export type { ReadStoreSnapshotOptions, StoreSnapshot } from './client/read-store-snapshot.js';
export { memoryStorage } from './auth/storage/memory.js';
export { browserStorage } from './auth/storage/browser.js';
export type { BrowserStorageOptions } from './auth/storage/browser.js';
export { cookieStorage, serializeCookie } from './auth/storage/cookie.js';
export type { CookieAttributes, CookieStorageOptions } from './auth/storage/cookie.js';
export type { TokenStorage } from './auth/storage/types.js';
export type {
  GraphqlCaller,
  GraphqlError,
  GraphqlOptions,
  GraphqlResponse,
} from './http/graphql.js';

// ── Identity: store.auth, store.identity, store.redirects ──
export type { StoreAuth } from './auth/store-auth.js';
export type {
  AuthState,
  AuthStatus,
  IdentityChangeEvent,
  IdentityChangeReason,
} from './auth/auth-state.js';
export type { AuthUrl, AuthUrlOptions } from './auth/hosted-login/auth-url.js';
export type { OAuthData } from './auth/hosted-login/oauth-data.js';
export type {
  LoginWithRedirectOptions,
  RedirectCallbackResult,
} from './auth/hosted-login/hosted-login.js';
export { parseFromUrl } from './auth/hosted-login/parse-from-url.js';
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
export type { CartCallOptions, CurrentCartApi } from './cart/current-cart-api.js';
export type { CartAddItemsInput, CartLineInput, CartStore } from './cart/cart-store.js';
export type {
  CartCarryOver,
  CartCouponState,
  CartFailure,
  CartLineState,
  CartOperation,
  CartState,
  CartStatus,
  CarryOverCoupon,
  CarryOverFailure,
} from './cart/cart-state.js';
export { STORES_APP_ID } from './models/cart.js';
export { storesCatalogReference, storesLineItem } from './cart/catalog-reference.js';
export type { StoresItemOptions } from './cart/catalog-reference.js';
export { startHostedCheckout } from './cart/hosted-checkout.js';
export type { HostedCheckout, HostedCheckoutInput } from './cart/hosted-checkout.js';

// ── The catalog: store.products, store.collections, store.variants ──
export type { CatalogCallOptions, GetProductOptions, ProductsApi } from './catalog/products.js';
export type { CollectionsApi } from './catalog/collections.js';
export type { VariantsApi } from './catalog/variants.js';
export type { Page, PageRequest } from './catalog/page.js';
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

// ── Webhooks ──
export { createWebhookHandler } from './webhooks/create-webhook-handler.js';
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
export { StoreClientError } from './http/errors/client-error.js';
export { StoreSystemError } from './http/errors/system-error.js';
export { StoreErrorCodes } from './http/errors/codes.js';
export type { StoreErrorCode } from './http/errors/codes.js';
export {
  isStoreApiError,
  isStoreApplicationError,
  isStoreArgumentError,
  isStoreClientError,
  isStoreSystemError,
  isStoreValidationError,
} from './http/errors/type-guards.js';
export { StoreAuthError, StoreAuthErrorCodes, isStoreAuthError } from './auth/store-auth-error.js';
export type { StoreAuthErrorCode, StoreAuthErrorInit } from './auth/store-auth-error.js';
export {
  CartOperationCancelledError,
  isCartOperationCancelledError,
} from './cart/cart-operation-cancelled-error.js';
export { UnexpectedWebhookEventError } from './webhooks/errors/unexpected-event-error.js';
export { WebhookVerificationError } from './webhooks/errors/verification-error.js';
export {
  isUnexpectedWebhookEventError,
  isWebhookVerificationError,
} from './webhooks/errors/type-guards.js';

// ── The platform's entities and enumerations, by name (values on '@vitrine/sdk/models') ──
export type { Enumeration, EnumValue } from './models/enum.js';
export type {
  AdditionalFee,
  Address,
  AddressLocation,
  AddressWithContact,
  AddToCartInput,
  AppliedCoupon,
  AppliedDiscount,
  AutoTaxFallbackCalculationDetails,
  BuyerInfo,
  CalculatedLineItem,
  CalculationErrorDetails,
  CalculationErrors,
  CarrierServiceOption,
  Cart,
  CartDiscountType,
  CartInfo,
  CatalogOverrideFields,
  CatalogReference,
  ChannelType,
  ChargeType,
  CouponScope,
  CreateCheckoutInput,
  CreateCheckoutResult,
  CustomLineItem,
  DeliveryLogistics,
  DeliveryTimeSlot,
  DescriptionLine,
  DescriptionLineColor,
  DescriptionLineType,
  DiscountRule,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  FallbackReason,
  FileType,
  FreeTrialPeriod,
  FullAddressContactDetails,
  GiftCard,
  Image,
  InvalidMembership,
  ItemAvailability,
  ItemAvailabilityInfo,
  ItemTaxFullDetails,
  ItemType,
  ItemTypeInfo,
  JurisdictionType,
  LineItem,
  LineItemInput,
  LineItemPricesData,
  LineItemQuantityUpdate,
  ManualCalculationReason,
  Membership,
  MembershipOptions,
  MembershipPaymentCredits,
  MerchantDiscount,
  MerchantDiscountInput,
  MultiCurrencyPrice,
  OtherCharge,
  PageUrl,
  PaymentOption,
  PhysicalProperties,
  PickupDetails,
  PickupMethod,
  PriceSummary,
  SecuredMedia,
  SelectedCarrierServiceOption,
  SelectedCarrierServiceOptionOtherCharge,
  SelectedCarrierServiceOptionPrices,
  SelectedMembership,
  SelectedMemberships,
  SelectedShippingOption,
  ServiceProperties,
  Severity,
  ShippingInformation,
  ShippingOption,
  ShippingPrice,
  ShippingRegion,
  StreetAddress,
  SubscriptionFrequency,
  SubscriptionOptionInfo,
  SubscriptionSettings,
  TaxBreakdown,
  TaxCalculationDetails,
  TaxRateBreakdown,
  TaxRateType,
  TaxSummary,
  TranslatableString,
  UpdateCartInput,
  VatId,
  VatType,
  Violation,
  ViolationTarget,
  WeightUnit,
} from './models/cart.js';
export type {
  AdditionalInfoSection,
  Adjustment,
  BulkProductAdjust,
  BulkProductResult,
  BulkProductSet,
  BulkProductsResponse,
  Choice,
  ChoiceInput,
  ChoiceMedia,
  Collection,
  CollectionInput,
  CostAndProfitData,
  CreateCollectionInput,
  CreateProductInput,
  CustomTextField,
  FormattedPrice,
  InventoryStatus,
  MeasurementUnit,
  Media,
  MediaItem,
  MediaItemType,
  MediaItemUrlAndSize,
  MediaItemVideo,
  NumericPropertyRange,
  OptionType,
  PagingMetadata,
  PreorderInfo,
  PriceData,
  PricePerUnitData,
  Product,
  ProductDiscount,
  ProductDiscountType,
  ProductInput,
  ProductMediaInput,
  ProductOption,
  ProductOptionInput,
  ProductOptionsAvailability,
  ProductPageUrl,
  ProductType,
  ProductVariant,
  ProductVariantsQuery,
  ProductVariantsResult,
  Ribbon,
  SortOrder,
  Stock,
  Variant,
  VariantData,
  VariantMedia,
  VariantOverride,
  VariantStock,
  VideoResolution,
  VideoV2,
} from './models/catalog.js';
export type {
  AddressTag,
  AuthenticationResponse,
  AuthenticationState,
  CustomField,
  CustomValue,
  EmailTag,
  Identity,
  IdentityAddress,
  IdentityAddressWrapper,
  IdentityEmail,
  IdentityPhone,
  IdentityProfile,
  IdentityStatus,
  LoginV1Request,
  LoginV2Request,
  LoginWithTokenParamsRequest,
  PhoneTag,
  PrivacyStatus,
  RecoverRequest,
  RegisterV1Request,
  RegisterV2Request,
  SendActivationEmailRequest,
  SendRecoveryEmailRequest,
  SignOnRequest,
  StartVerificationRequest,
  StatusReason,
  TenantType,
  VerificationTarget,
  WireCaptchaToken,
} from './models/identity.js';
export type {
  CaptchaTokens,
  LoginErrorCode,
  LoginResult,
  LoginResultData,
  LoginState,
} from './models/login.js';
export type {
  AuthRequest,
  CallbackType,
  MembersAccountSection,
  Prompt,
  RedirectCallbacks,
  RedirectLocationType,
  RedirectSession,
  RedirectSessionRequest,
  RedirectSessionResponse,
  ResponseMode,
} from './models/redirects.js';
export type { ViolationRuleType } from './models/validation.js';
export type {
  CartCreatedData,
  CartDeletedData,
  CartUpdatedData,
  CollectionChangedData,
  CollectionCreatedData,
  CollectionDeletedData,
  ProductChangedData,
  ProductCreatedData,
  ProductDeletedData,
  VariantsChangedData,
  WebhookEvent,
  WebhookEventDataMap,
  WebhookEventName,
  WebhookEventOf,
  WebhookIdentity,
  WebhookIdentityType,
} from './models/webhooks.js';
export type { AccessToken, RefreshToken, TokenRole, Tokens } from './models/tokens.js';
