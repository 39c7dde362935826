export { createStoreClient } from './client/create-store-client.js';
export type { StoreClient, StoreFetchInit } from './client/create-store-client.js';
export { readStoreSnapshot } from './client/snapshot.js';
export type { ReadStoreSnapshotOptions, StoreSnapshot } from './client/snapshot.js';
export {
  DEFAULT_CAPTCHA_SITE_KEYS,
  DEFAULT_DEADLINE,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT,
} from './client/options.js';
export type { StoreClientOptions } from './client/options.js';
export type {
  AfterResponseHook,
  BeforeErrorHook,
  BeforeRequestHook,
  RetryOptions,
  StoreClientHooks,
} from './http/http-options.js';

export { DEFAULT_HOSTS, createHostRouter } from './http/hosts.js';
export type { HostRouter, StoreHosts } from './http/hosts.js';
export {
  MAX_GET_QUERY_LENGTH,
  decodeBase64Url,
  encodeBase64Url,
  planQueryRequest,
} from './http/query-encoding.js';
export type { QueryPlan } from './http/query-encoding.js';
export { DEFAULT_PAGE_LIMIT, DEFAULT_PAGE_OFFSET } from './http/paging.js';
export type { Paging } from './http/paging.js';
export { serializeBody } from './http/serialize.js';
export { DEFAULT_GRAPHQL_API_VERSION } from './http/graphql.js';
export type {
  GraphqlCaller,
  GraphqlError,
  GraphqlOptions,
  GraphqlResponse,
} from './http/graphql.js';

export { VitrineError } from './errors/vitrine-error.js';
export type { VitrineErrorInit } from './errors/vitrine-error.js';
export { isVitrineError } from './errors/is-vitrine-error.js';
export { StoreApiError } from './http/errors/store-api-error.js';
export type { RedactedRequest } from './http/errors/store-api-error.js';
export { StoreValidationError } from './http/errors/validation-error.js';
export type { FieldViolation } from './http/errors/validation-error.js';
export { StoreApplicationError } from './http/errors/application-error.js';
export { StoreClientError } from './http/errors/client-error.js';
export { StoreSystemError } from './http/errors/system-error.js';
export { StoreArgumentError } from './errors/argument-error.js';
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

export { TOKEN_ROLES } from './models/tokens.js';
export type { AccessToken, RefreshToken, TokenRole, Tokens } from './models/tokens.js';

// ── Identity (src/auth) ──
export { AuthStatus, IdentityChangeReason } from './auth/auth-state.js';
export type { AuthState, IdentityChangeEvent } from './auth/auth-state.js';
export type { StoreAuth } from './auth/store-auth.js';
export type { AuthUrl, AuthUrlOptions } from './auth/hosted-login/auth-url.js';
export type {
  LoginWithRedirectOptions,
  RedirectCallbackResult,
} from './auth/hosted-login/hosted-login.js';
export type { LoginInput, RegisterInput } from './auth/member-flows/member-flows.js';
export type { OAuthData } from './auth/hosted-login/oauth-data.js';
export { parseFromUrl } from './auth/hosted-login/parse-from-url.js';
export type { OAuthCallbackParams } from './auth/hosted-login/parse-from-url.js';
export { toSameOriginPath } from './auth/hosted-login/same-origin-path.js';
export {
  MAX_VERIFIER_LENGTH,
  MIN_VERIFIER_LENGTH,
  createCodeChallenge,
  createCodeVerifier,
} from './auth/hosted-login/pkce.js';
export type { RandomSource } from './auth/hosted-login/pkce.js';
export { RENEWAL_MARGIN_MS } from './auth/tokens/renewal.js';
export { SILENT_LOGIN_TIMEOUT_MS } from './auth/hosted-login/silent-login.js';
export { MAX_EXPIRES_IN } from './auth/tokens/token-endpoint.js';
export { StoreAuthError, StoreAuthErrorCodes, isStoreAuthError } from './auth/errors.js';
export type { StoreAuthErrorCode } from './auth/errors.js';
export type {
  StoreIdentity,
  AuthenticationApi,
  RecoveryApi,
  VerificationApi,
  IdentityCallOptions,
} from './auth/member-flows/identity-api.js';
export type { StoreRedirects } from './redirects/redirect-session.js';
export { memoryStorage } from './auth/storage/memory.js';
export { browserStorage } from './auth/storage/browser.js';
export type { BrowserStorageOptions } from './auth/storage/browser.js';
export { cookieStorage, serializeCookie } from './auth/storage/cookie.js';
export type { CookieAttributes, CookieStorageOptions } from './auth/storage/cookie.js';
export type { TokenStorage } from './auth/storage/types.js';
export { LoginErrorCode, LoginState } from './models/login.js';
export type { CaptchaTokens, LoginResult, LoginResultData } from './models/login.js';
export {
  AddressTag,
  AuthenticationState,
  EmailTag,
  IdentityStatus,
  PhoneTag,
  PrivacyStatus,
  StatusReason,
  TenantType,
  VerificationTarget,
} from './models/identity.js';
export type {
  AuthenticationResponse,
  CustomField,
  CustomValue,
  Identity,
  IdentityAddress,
  IdentityAddressWrapper,
  IdentityEmail,
  IdentityPhone,
  IdentityProfile,
  LoginV1Request,
  LoginV2Request,
  LoginWithTokenParamsRequest,
  RecoverRequest,
  RegisterV1Request,
  RegisterV2Request,
  SendActivationEmailRequest,
  SendRecoveryEmailRequest,
  SignOnRequest,
  StartVerificationRequest,
  WireCaptchaToken,
} from './models/identity.js';
export {
  CallbackType,
  MembersAccountSection,
  Prompt,
  RedirectLocationType,
  ResponseMode,
} from './models/redirects.js';
export type {
  AuthRequest,
  RedirectCallbacks,
  RedirectSession,
  RedirectSessionRequest,
  RedirectSessionResponse,
} from './models/redirects.js';

// ── Commerce (src/cart, src/catalog, src/models, src/webhooks) ──
export type { CartCallOptions, CurrentCartApi } from './cart/current-cart-api.js';
export { CURRENT_CART_PATH } from './cart/current-cart-api.js';
export { storesCatalogReference, storesLineItem } from './cart/catalog-reference.js';
export type { StoresItemOptions } from './cart/catalog-reference.js';
export { createCartStore } from './cart/cart-store.js';
export type {
  CartIdentityEvent,
  CartIdentitySource,
  CartLineInput,
  CartStore,
  CartStoreDependencies,
} from './cart/cart-store.js';
export { INITIAL_CART_STATE } from './cart/cart-state.js';
export type {
  CartCarryOver,
  CartCouponState,
  CartFailure,
  CartLineState,
  CartOperation,
  CartState,
  CartStatus,
  CarryOverFailure,
} from './cart/cart-state.js';
export { CartOperationCancelledError, isCartOperationCancelledError } from './cart/errors.js';
export { cartChannelName } from './cart/cart-store.js';
export type { CartChannel, CartChannelFactory, CartChannelMessage } from './cart/cart-store.js';

export type { CatalogCallOptions, GetProductOptions, ProductsApi } from './catalog/products.js';
export type { CollectionsApi } from './catalog/collections.js';
export type { VariantsApi } from './catalog/variants.js';
export type { FetchedPage, Page, PageFetcher, PageRequest } from './catalog/page.js';
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

export { defineEnum } from './models/enum.js';
export type { Enumeration, EnumValue } from './models/enum.js';
export { ViolationRuleType } from './models/validation.js';
export {
  CartDiscountType,
  ChannelType,
  ChargeType,
  DescriptionLineType,
  FallbackReason,
  FileType,
  ItemAvailability,
  ItemType,
  JurisdictionType,
  ManualCalculationReason,
  PaymentOption,
  PickupMethod,
  STORES_APP_ID,
  Severity,
  SubscriptionFrequency,
  TaxRateType,
  VatType,
  WeightUnit,
} from './models/cart.js';
export type {
  AddToCartInput,
  AdditionalFee,
  Address,
  AddressLocation,
  AddressWithContact,
  AppliedCoupon,
  AppliedDiscount,
  AutoTaxFallbackCalculationDetails,
  BuyerInfo,
  CalculatedLineItem,
  CalculationErrorDetails,
  CalculationErrors,
  CarrierServiceOption,
  Cart,
  CartInfo,
  CatalogOverrideFields,
  CatalogReference,
  CouponScope,
  CreateCheckoutInput,
  CreateCheckoutResult,
  CustomLineItem,
  DeliveryLogistics,
  DeliveryTimeSlot,
  DescriptionLine,
  DescriptionLineColor,
  DiscountRule,
  EstimateTotalsInput,
  EstimateTotalsResponse,
  FreeTrialPeriod,
  FullAddressContactDetails,
  GiftCard,
  Image,
  InvalidMembership,
  ItemAvailabilityInfo,
  ItemTaxFullDetails,
  ItemTypeInfo,
  LineItem,
  LineItemInput,
  LineItemPricesData,
  LineItemQuantityUpdate,
  Membership,
  MembershipOptions,
  MembershipPaymentCredits,
  MerchantDiscount,
  MerchantDiscountInput,
  MultiCurrencyPrice,
  OtherCharge,
  PageUrl,
  PhysicalProperties,
  PickupDetails,
  PriceSummary,
  SecuredMedia,
  SelectedCarrierServiceOption,
  SelectedCarrierServiceOptionOtherCharge,
  SelectedCarrierServiceOptionPrices,
  SelectedMembership,
  SelectedMemberships,
  SelectedShippingOption,
  ServiceProperties,
  ShippingInformation,
  ShippingOption,
  ShippingPrice,
  ShippingRegion,
  StreetAddress,
  SubscriptionOptionInfo,
  SubscriptionSettings,
  TaxBreakdown,
  TaxCalculationDetails,
  TaxRateBreakdown,
  TaxSummary,
  TranslatableString,
  UpdateCartInput,
  VatId,
  Violation,
  ViolationTarget,
} from './models/cart.js';
export {
  InventoryStatus,
  MeasurementUnit,
  MediaItemType,
  OptionType,
  ProductDiscountType,
  ProductType,
  SortOrder,
} from './models/catalog.js';
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
  Media,
  MediaItem,
  MediaItemUrlAndSize,
  MediaItemVideo,
  NumericPropertyRange,
  PagingMetadata,
  PreorderInfo,
  PriceData,
  PricePerUnitData,
  Product,
  ProductDiscount,
  ProductInput,
  ProductMediaInput,
  ProductOption,
  ProductOptionInput,
  ProductOptionsAvailability,
  ProductPageUrl,
  ProductVariant,
  ProductVariantsQuery,
  ProductVariantsResult,
  Ribbon,
  Stock,
  Variant,
  VariantData,
  VariantMedia,
  VariantOverride,
  VariantStock,
  VideoResolution,
  VideoV2,
} from './models/catalog.js';

export {
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENT_TYPES,
  WebhookIdentityType,
} from './models/webhooks.js';
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
} from './models/webhooks.js';
export { DEFAULT_MAX_WEBHOOK_BODY_BYTES, createWebhookHandler } from './webhooks/handler.js';
export type {
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookPublicKeyObject,
} from './webhooks/handler.js';
export { WebhookVerificationError } from './webhooks/errors/verification-error.js';
export { UnexpectedWebhookEventError } from './webhooks/errors/unexpected-event-error.js';
export {
  isUnexpectedWebhookEventError,
  isWebhookVerificationError,
} from './webhooks/errors/type-guards.js';
export { startHostedCheckout } from './cart/hosted-checkout.js';
export type { HostedCheckout, HostedCheckoutInput } from './cart/hosted-checkout.js';
