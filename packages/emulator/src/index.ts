/**
 * `@vitrine/emulator`: a local, offline emulator of the online-store platform's REST API.
 * @packageDocumentation
 */
export { startEmulator } from './server.js';
export type { Emulator } from './server.js';
export { GRANT_TYPES } from './models/grants.js';
export type { GrantCounts, GrantType } from './models/grants.js';
export type { WireBuyerInfo, WireOrder } from './orders/view.js';
export type { MemberFieldset, WireMember, WireMemberAddress } from './members/view.js';
export type { WireAlgorithmInfo } from './recommendations/algorithms.js';
export {
  DEFAULT_API_KEY,
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URIS,
  DEFAULT_REFRESH_REUSE_GRACE_SECONDS,
  DEFAULT_TOKEN_TTL_SECONDS,
} from './options.js';
export { DEV_REQUEST_HEADER } from './dev/request-guard.js';
export type { EmulatorOptions } from './options.js';
export type { EmulatorClient } from './context.js';
export type { DropIn, DropInOptions } from './drop-in/start.js';
export { DROP_IN_HOSTS } from './http/platform-hosts.js';
export { defaultDropInDirectory } from './drop-in/directory.js';
export { DropInError, isDropInError } from './drop-in/drop-in-error.js';
export { removeDropIn } from './drop-in/remove.js';
export { defaultSeed, SEEDED_COUPONS } from './catalog/seed.js';
export type { CouponCode } from './catalog/seed.js';
export type { CatalogVersion, SeedCatalog } from './models/catalog.js';
export { seedFromJson } from './catalog/seed-file.js';
export { ECOMMERCE_APP_ID, STORES_APP_ID } from './models/catalog.js';
export type {
  CollectionRecord,
  DiscountType,
  InventoryStatus,
  MediaRecord,
  OptionType,
  ProductRecord,
  ProductType,
  VariantRecord,
  WireCollection,
  WireCostAndProfitData,
  WireImageWithId,
  WireMedia,
  WireMediaItem,
  WirePriceData,
  WireProduct,
  WireProductOption,
  WireProductVariant,
  WireRange,
  WireStock,
  WireVariant,
} from './models/catalog.js';
export type { WireMoney } from './models/catalog.js';
export type {
  Address,
  ItemAvailability,
  OrderRecord,
  WireAppliedDiscount,
  WireCart,
  WireDescriptionLine,
  WireLineItem,
  WirePriceSummary,
} from './models/cart.js';
export { FREE_SHIPPING_FROM_CENTS, TAX_RATES } from './cart/totals.js';
export { IDENTITY_ERRORS, VALID_CAPTCHA_TOKEN } from './identity/codes.js';
export { signIdpToken } from './identity/idp.js';
export type { IdpTokenOptions } from './identity/idp.js';
export type { IdpConnection } from './models/identity.js';
export type { AuthResponse, AuthState, IdentityModes, WireIdentity } from './models/identity.js';
export type { MailFilter, MailKind, MailMessage, Outbox } from './models/mail.js';
export type { FaultInput, FaultRule } from './models/faults.js';
export { EVENT_TYPES } from './webhooks/events.js';
export { V3_EVENT_TYPES } from './webhooks/domain-events.js';
export type { WebhookDelivery } from './models/events.js';
export type { WebhookIdentity } from './models/events.js';
export type { ErrorBody, FieldViolation, ViolatedRule } from './http/errors.js';
export { encodeDotR } from './http/query.js';
