/**
 * The current cart, as the platform's eCommerce API sends and takes it
 * (`/ecom/v1/carts/current`). Amounts are decimal strings (`"12.5"`), as the platform sends
 * them; every field the platform may leave out is optional.
 */
import { defineEnum, type EnumValue } from './enum.js';

/* ───────────────────────────── enumerations ───────────────────────────── */

/** How a description line of a line item is shown. */
export const DescriptionLineType = /* @__PURE__ */ defineEnum([
  'UNRECOGNISED',
  'PLAIN_TEXT',
  'COLOR',
]);
/** One of {@link DescriptionLineType}'s values. */
export type DescriptionLineType = EnumValue<typeof DescriptionLineType>;

/** Whether a line item can be bought in the quantity asked. */
export const ItemAvailability = /* @__PURE__ */ defineEnum([
  'AVAILABLE',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'PARTIALLY_AVAILABLE',
]);
/** One of {@link ItemAvailability}'s values. */
export type ItemAvailability = EnumValue<typeof ItemAvailability>;

/** The kind of item a line sells. */
export const ItemType = /* @__PURE__ */ defineEnum([
  'UNRECOGNISED',
  'PHYSICAL',
  'DIGITAL',
  'GIFT_CARD',
  'SERVICE',
]);
/** One of {@link ItemType}'s values. */
export type ItemType = EnumValue<typeof ItemType>;

/** How often a subscription line is charged. */
export const SubscriptionFrequency = /* @__PURE__ */ defineEnum([
  'UNDEFINED',
  'DAY',
  'WEEK',
  'MONTH',
  'YEAR',
]);
/** One of {@link SubscriptionFrequency}'s values. */
export type SubscriptionFrequency = EnumValue<typeof SubscriptionFrequency>;

/** The kind of file a digital line delivers. */
export const FileType = /* @__PURE__ */ defineEnum([
  'UNSPECIFIED',
  'SECURE_PICTURE',
  'SECURE_VIDEO',
  'SECURE_DOCUMENT',
  'SECURE_MUSIC',
  'SECURE_ARCHIVE',
]);
/** One of {@link FileType}'s values. */
export type FileType = EnumValue<typeof FileType>;

/** How a line item is paid for. */
export const PaymentOption = /* @__PURE__ */ defineEnum([
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
]);
/** One of {@link PaymentOption}'s values. */
export type PaymentOption = EnumValue<typeof PaymentOption>;

/** The unit of every weight in a cart. */
export const WeightUnit = /* @__PURE__ */ defineEnum(['UNSPECIFIED_WEIGHT_UNIT', 'KG', 'LB']);
/** One of {@link WeightUnit}'s values. */
export type WeightUnit = EnumValue<typeof WeightUnit>;

/** The kind of a tax id (Brazil's individual or company number). */
export const VatType = /* @__PURE__ */ defineEnum(['UNSPECIFIED', 'CPF', 'CNPJ']);
/** One of {@link VatType}'s values. */
export type VatType = EnumValue<typeof VatType>;

/** The level of government a tax belongs to. */
export const JurisdictionType = /* @__PURE__ */ defineEnum([
  'UNDEFINED',
  'COUNTRY',
  'STATE',
  'COUNTY',
  'CITY',
  'SPECIAL',
]);
/** One of {@link JurisdictionType}'s values. */
export type JurisdictionType = EnumValue<typeof JurisdictionType>;

/** How the tax of an estimate was worked out. */
export const TaxRateType = /* @__PURE__ */ defineEnum([
  'NO_TAX_COLLECTED',
  'MANUAL_RATE',
  'AUTO_RATE',
  'FALLBACK_RATE',
]);
/** One of {@link TaxRateType}'s values. */
export type TaxRateType = EnumValue<typeof TaxRateType>;

/** Why a manual tax rate was used. */
export const ManualCalculationReason = /* @__PURE__ */ defineEnum([
  'GLOBAL_SETTING_TO_MANUAL',
  'REGION_SETTING_TO_MANUAL',
]);
/** One of {@link ManualCalculationReason}'s values. */
export type ManualCalculationReason = EnumValue<typeof ManualCalculationReason>;

/** Why automatic tax fell back to a rate. */
export const FallbackReason = /* @__PURE__ */ defineEnum([
  'AUTO_TAX_FAILED',
  'AUTO_TAX_DEACTIVATED',
]);
/** One of {@link FallbackReason}'s values. */
export type FallbackReason = EnumValue<typeof FallbackReason>;

/** How a pickup delivery option hands over the goods. */
export const PickupMethod = /* @__PURE__ */ defineEnum([
  'UNKNOWN_METHOD',
  'STORE_PICKUP',
  'PICKUP_POINT',
]);
/** One of {@link PickupMethod}'s values. */
export type PickupMethod = EnumValue<typeof PickupMethod>;

/** An extra charge on a delivery option. */
export const ChargeType = /* @__PURE__ */ defineEnum(['HANDLING_FEE', 'INSURANCE']);
/** One of {@link ChargeType}'s values. */
export type ChargeType = EnumValue<typeof ChargeType>;

/** What a cart discount applies to. */
export const CartDiscountType = /* @__PURE__ */ defineEnum([
  'GLOBAL',
  'SPECIFIC_ITEMS',
  'SHIPPING',
]);
/** One of {@link CartDiscountType}'s values. */
export type CartDiscountType = EnumValue<typeof CartDiscountType>;

/** The sales channel a checkout is created for. */
export const ChannelType = /* @__PURE__ */ defineEnum([
  'UNSPECIFIED',
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
]);
/** One of {@link ChannelType}'s values. */
export type ChannelType = EnumValue<typeof ChannelType>;

/** How serious a cart or checkout violation is. */
export const Severity = /* @__PURE__ */ defineEnum(['WARNING', 'ERROR']);
/** One of {@link Severity}'s values. */
export type Severity = EnumValue<typeof Severity>;

/* ───────────────────────────── shared pieces ───────────────────────────── */

/** The stores catalog's app id: `catalogReference.appId` of every product line. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** A price in the site's currency and the buyer's, as decimal strings with formatted forms. */
export interface MultiCurrencyPrice {
  /** Decimal string in the site's currency, e.g. `"12.5"`. */
  amount?: string;
  /** Decimal string in the buyer's currency. */
  convertedAmount?: string;
  /** e.g. `"$12.50"`. */
  formattedAmount?: string;
  formattedConvertedAmount?: string;
}

/** A text in the site's language and the buyer's. */
export interface TranslatableString {
  original?: string;
  translated?: string;
}

/** An image the platform hosts. */
export interface Image {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  altText?: string;
  /** ISO date after which `url` stops working (private media). */
  urlExpirationDate?: string;
  filename?: string;
  /** Size as a decimal string (it may exceed a safe integer). */
  sizeInBytes?: string;
}

/** A street, its number and apartment. */
export interface StreetAddress {
  name?: string;
  number?: string;
  apt?: string;
  formattedAddressLine?: string;
}

/** A point on the map. */
export interface AddressLocation {
  latitude?: number;
  longitude?: number;
}

/** A postal address. */
export interface Address {
  city?: string;
  /** ISO 3166-2 code, e.g. `"US-NY"`. */
  subdivision?: string;
  /** ISO 3166-1 alpha-2 code, e.g. `"US"`. */
  country?: string;
  postalCode?: string;
  formattedAddress?: string;
  geocode?: AddressLocation;
  /** Main address line: street name and number, or free text. */
  addressLine?: string;
  /** Apartment, suite, floor… */
  addressLine2?: string;
  streetAddress?: StreetAddress;
  countryFullname?: string;
  subdivisionFullname?: string;
}

/** A tax id. */
export interface VatId {
  id?: string;
  type?: VatType;
}

/** Who is at an address. */
export interface FullAddressContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: VatId;
}

/** An address with the contact who lives there. */
export interface AddressWithContact {
  address?: Address;
  contactDetails?: FullAddressContactDetails;
}

/* ───────────────────────────── line items ───────────────────────────── */

/** Which catalog item a line sells: the item in its catalog, and the options chosen. */
export interface CatalogReference {
  /** The item's id in its catalog (a product id for the stores catalog). */
  catalogItemId: string;
  /** The catalog that owns the item; {@link STORES_APP_ID} for the stores catalog. */
  appId: string;
  /**
   * Catalog-specific options. For the stores catalog: `{ variantId }`, or
   * `{ options: { Size: 'L' } }`, plus `customTextFields`.
   */
  options?: Record<string, unknown>;
}

/** A page of the site. */
export interface PageUrl {
  relativePath?: string;
  url?: string;
}

/** A color of a description line. */
export interface DescriptionLineColor extends TranslatableString {
  /** CSS color, e.g. `"#1f6feb"`. */
  code?: string;
}

/** One line under a line item's name ("Size: L"). */
export interface DescriptionLine {
  name?: TranslatableString;
  lineType?: DescriptionLineType;
  plainText?: TranslatableString;
  colorInfo?: DescriptionLineColor;
}

/** Whether a line item is available, and how many are. */
export interface ItemAvailabilityInfo {
  status?: ItemAvailability;
  quantityAvailable?: number;
}

/** Physical properties of a line item. */
export interface PhysicalProperties {
  /** In the cart's {@link WeightUnit}. */
  weight?: number;
  sku?: string;
  shippable?: boolean;
}

/** The kind of item, as a preset or an app's own kind. */
export interface ItemTypeInfo {
  preset?: ItemType;
  custom?: string;
}

/** A free trial before a subscription's first charge. */
export interface FreeTrialPeriod {
  frequency?: SubscriptionFrequency;
  interval?: number;
}

/** How a subscription line is charged. */
export interface SubscriptionSettings {
  frequency?: SubscriptionFrequency;
  interval?: number;
  autoRenewal?: boolean;
  billingCycles?: number;
  startDate?: string;
  freeTrialPeriod?: FreeTrialPeriod;
}

/** The subscription a line is bought as. */
export interface SubscriptionOptionInfo {
  subscriptionSettings?: SubscriptionSettings;
  title?: TranslatableString;
  description?: TranslatableString;
}

/** The file a digital line delivers. */
export interface SecuredMedia {
  id?: string;
  fileName?: string;
  fileType?: FileType;
}

/** Properties of a service line (a booking). */
export interface ServiceProperties {
  /** ISO date and time the service is booked for. */
  scheduledDate?: string;
  numberOfParticipants?: number;
}

/** Which parts of a coupon a line belongs to. */
export interface CouponScope {
  namespace?: string;
  group?: { name?: string; entityId?: string };
}

/** Values that replace the catalog's for this line. */
export interface CatalogOverrideFields {
  productName?: TranslatableString;
  price?: string;
  descriptionLines?: DescriptionLine[];
  physicalProperties?: PhysicalProperties;
  image?: Image;
  paymentOption?: PaymentOption;
}

/** A membership chosen to pay for a line. */
export interface SelectedMembership {
  id?: string;
  appId?: string;
  lineItemIds?: string[];
}

/** One line of the cart. */
export interface LineItem {
  id: string;
  quantity: number;
  /** Absent on custom line items. */
  catalogReference?: CatalogReference;
  productName?: TranslatableString;
  url?: PageUrl;
  /** Price of one item, after the catalog's own discount. */
  price?: MultiCurrencyPrice;
  /** Price of one item before any discount. */
  fullPrice?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  /** `price` × `quantity`. */
  lineItemPrice?: MultiCurrencyPrice;
  descriptionLines?: DescriptionLine[];
  image?: Image;
  availability?: ItemAvailabilityInfo;
  physicalProperties?: PhysicalProperties;
  couponScopes?: CouponScope[];
  itemType?: ItemTypeInfo;
  subscriptionOptionInfo?: SubscriptionOptionInfo;
  fulfillerId?: string;
  shippingGroupId?: string;
  digitalFile?: SecuredMedia;
  paymentOption?: PaymentOption;
  serviceProperties?: ServiceProperties;
  rootCatalogItemId?: string;
  priceDescription?: TranslatableString;
  depositAmount?: MultiCurrencyPrice;
  catalogOverrideFields?: CatalogOverrideFields;
  selectedMembership?: SelectedMembership;
  customLineItem?: boolean;
  priceUndetermined?: boolean;
  fixedQuantity?: boolean;
  membersOnly?: boolean;
}

/* ───────────────────────────── the cart ───────────────────────────── */

/** Who owns the cart. */
export interface BuyerInfo {
  visitorId?: string;
  memberId?: string;
  userId?: string;
  contactId?: string;
  email?: string;
}

/** A coupon applied to the cart. */
export interface AppliedCoupon {
  id?: string;
  code?: string;
  name?: string;
  amount?: MultiCurrencyPrice;
  couponType?: string;
}

/** A discount the merchant gave. */
export interface MerchantDiscount {
  amount?: MultiCurrencyPrice;
  /** Percent of the discounted lines' price, when the discount is a percentage. */
  percentage?: number;
}

/** An automatic discount rule that applied. */
export interface DiscountRule {
  id?: string;
  name?: TranslatableString;
  amount?: MultiCurrencyPrice;
}

/** One discount on the cart: a coupon, a merchant discount or a rule. */
export interface AppliedDiscount {
  discountType?: CartDiscountType;
  lineItemIds?: string[];
  coupon?: AppliedCoupon;
  merchantDiscount?: MerchantDiscount;
  discountRule?: DiscountRule;
}

/** The shipping option chosen for the cart. */
export interface SelectedShippingOption {
  /** The option's code, as listed by {@link CurrentCartApi.estimateTotals}. */
  code: string;
  carrierId?: string;
}

/** The shopper's current cart. */
export interface Cart {
  id?: string;
  lineItems: LineItem[];
  buyerNote?: string;
  buyerInfo?: BuyerInfo;
  /** ISO 4217, e.g. `"USD"`. */
  currency?: string;
  conversionCurrency?: string;
  buyerLanguage?: string;
  siteLanguage?: string;
  taxIncludedInPrices?: boolean;
  weightUnit?: WeightUnit;
  subtotal?: MultiCurrencyPrice;
  subtotalAfterDiscounts?: MultiCurrencyPrice;
  appliedDiscounts?: AppliedDiscount[];
  /** Buyer's contact and address. */
  contactInfo?: AddressWithContact;
  selectedShippingOption?: SelectedShippingOption;
  /** The checkout created from this cart, once there is one. */
  checkoutId?: string;
  overrideCheckoutUrl?: string;
  purchaseFlowId?: string;
  businessLocationId?: string;
  paymentCurrency?: string;
  /** ISO date. */
  createdDate?: string;
  /** ISO date. */
  updatedDate?: string;
}

/* ───────────────────────────── inputs ───────────────────────────── */

/** A catalog item to add. */
export interface LineItemInput {
  catalogReference: CatalogReference;
  /** Whole number of at least 1. */
  quantity: number;
}

/** An item that is not in any catalog, with its own name and price. */
export interface CustomLineItem {
  /** Whole number of at least 1. */
  quantity: number;
  /** Decimal string. */
  price: string;
  productName: TranslatableString;
  itemType: ItemTypeInfo;
  descriptionLines?: DescriptionLine[];
  media?: string;
  id?: string;
  url?: PageUrl;
  fullPrice?: string;
  quantityAvailable?: number;
  physicalProperties?: PhysicalProperties;
  paymentOption?: PaymentOption;
  serviceProperties?: ServiceProperties;
  rootCatalogItemId?: string;
  priceDescription?: TranslatableString;
  depositAmount?: string;
  catalogReference?: CatalogReference;
}

/** What {@link CurrentCartApi.addItems} takes. */
export interface AddToCartInput {
  lineItems: LineItemInput[];
  customLineItems?: CustomLineItem[];
}

/** Cart fields an update may change. */
export interface CartInfo {
  buyerNote?: string;
  buyerInfo?: BuyerInfo;
  buyerLanguage?: string;
  contactInfo?: AddressWithContact;
  selectedShippingOption?: SelectedShippingOption;
  businessLocationId?: string;
  overrideCheckoutUrl?: string;
}

/** A discount the merchant gives on the cart, or on some of its lines. */
export interface MerchantDiscountInput {
  /** Decimal string. */
  amount: string;
  lineItemIds?: string[];
}

/** What {@link CurrentCartApi.update} takes. */
export interface UpdateCartInput {
  cartInfo?: CartInfo;
  /** A coupon code to apply. */
  couponCode?: string;
  merchantDiscounts?: MerchantDiscountInput[];
  /** Catalog items to add. */
  lineItems?: LineItemInput[];
  /** The `cartInfo` paths to change (`"buyerNote"`); sent joined by commas. */
  cartFieldmask?: readonly string[];
}

/** A new quantity for one line. */
export interface LineItemQuantityUpdate {
  id: string;
  /** Whole number, 0 or more. */
  quantity: number;
}

/** What {@link CurrentCartApi.createCheckout} takes. */
export interface CreateCheckoutInput {
  channelType?: ChannelType;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedShippingOption?: SelectedShippingOption;
  email?: string;
}

/** What {@link CurrentCartApi.createCheckout} answers. */
export interface CreateCheckoutResult {
  checkoutId: string;
}

/** The memberships chosen to pay for lines. */
export interface SelectedMemberships {
  memberships?: SelectedMembership[];
}

/** What {@link CurrentCartApi.estimateTotals} takes. */
export interface EstimateTotalsInput {
  selectedShippingOption?: SelectedShippingOption;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedMemberships?: SelectedMemberships;
}

/* ───────────────────────────── estimate output ───────────────────────────── */

/** A tax rate's part of a tax. */
export interface TaxRateBreakdown {
  name?: string;
  /** Decimal string, e.g. `"0.08"`. */
  rate?: string;
  tax?: MultiCurrencyPrice;
}

/** A tax of one jurisdiction. */
export interface TaxBreakdown {
  jurisdiction?: string;
  jurisdictionType?: JurisdictionType;
  taxName?: string;
  taxType?: string;
  rate?: string;
  taxableAmount?: MultiCurrencyPrice;
  nonTaxableAmount?: MultiCurrencyPrice;
  taxAmount?: MultiCurrencyPrice;
}

/** The tax of one item or charge. */
export interface ItemTaxFullDetails {
  taxableAmount?: MultiCurrencyPrice;
  taxGroupId?: string;
  /** Decimal string. */
  taxRate?: string;
  totalTax?: MultiCurrencyPrice;
  rateBreakdown?: TaxRateBreakdown[];
  taxBreakdown?: TaxBreakdown[];
  exemptAmount?: MultiCurrencyPrice;
}

/** One line's prices after the estimate. */
export interface LineItemPricesData {
  subtotal?: MultiCurrencyPrice;
  tax?: ItemTaxFullDetails;
  taxDetails?: ItemTaxFullDetails;
  totalDiscount?: MultiCurrencyPrice;
  price?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  totalPriceAfterTax?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
}

/** One line as the estimate priced it. */
export interface CalculatedLineItem {
  lineItemId?: string;
  pricesBreakdown?: LineItemPricesData;
  paymentOption?: PaymentOption;
}

/** The totals of the cart. */
export interface PriceSummary {
  subtotal?: MultiCurrencyPrice;
  shipping?: MultiCurrencyPrice;
  tax?: MultiCurrencyPrice;
  discount?: MultiCurrencyPrice;
  total?: MultiCurrencyPrice;
  additionalFees?: MultiCurrencyPrice;
}

/** A delivery window. */
export interface DeliveryTimeSlot {
  /** ISO date and time. */
  from?: string;
  /** ISO date and time. */
  to?: string;
}

/** Where and how a pickup option hands over the goods. */
export interface PickupDetails {
  address?: Address;
  businessLocation?: boolean;
  pickupMethod?: PickupMethod;
}

/** When and how an option delivers. */
export interface DeliveryLogistics {
  /** Free text, e.g. "3-5 business days". */
  deliveryTime?: string;
  instructions?: string;
  pickupDetails?: PickupDetails;
  deliveryTimeSlot?: DeliveryTimeSlot;
}

/** The prices of the chosen delivery option. */
export interface SelectedCarrierServiceOptionPrices {
  totalPriceAfterTax?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  taxDetails?: ItemTaxFullDetails;
  totalDiscount?: MultiCurrencyPrice;
  price?: MultiCurrencyPrice;
}

/** An extra charge on the chosen delivery option. */
export interface SelectedCarrierServiceOptionOtherCharge {
  type?: ChargeType;
  details?: string;
  cost?: SelectedCarrierServiceOptionPrices;
}

/** The delivery option the estimate used. */
export interface SelectedCarrierServiceOption {
  code?: string;
  title?: string;
  logistics?: DeliveryLogistics;
  cost?: SelectedCarrierServiceOptionPrices;
  requestedShippingOption?: boolean;
  otherCharges?: SelectedCarrierServiceOptionOtherCharge[];
  carrierId?: string;
}

/** An extra charge on an available delivery option. */
export interface OtherCharge {
  type?: ChargeType;
  price?: MultiCurrencyPrice;
}

/** The price of an available delivery option. */
export interface ShippingPrice {
  price?: MultiCurrencyPrice;
  otherCharges?: OtherCharge[];
}

/** One delivery option a carrier offers. */
export interface ShippingOption {
  code?: string;
  title?: string;
  logistics?: DeliveryLogistics;
  cost?: ShippingPrice;
  /** Delivers only some of the lines. */
  partial?: boolean;
}

/** The options one carrier offers. */
export interface CarrierServiceOption {
  carrierId?: string;
  shippingOptions?: ShippingOption[];
}

/** The shipping region the address falls in. */
export interface ShippingRegion {
  id?: string;
  name?: string;
}

/** Delivery options: the one selected and those available. */
export interface ShippingInformation {
  region?: ShippingRegion;
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions?: CarrierServiceOption[];
}

/** Credits left on a membership. */
export interface MembershipPaymentCredits {
  total?: number;
  remaining?: number;
}

/** A membership that could pay for some lines. */
export interface Membership {
  id?: string;
  appId?: string;
  name?: TranslatableString;
  lineItemIds?: string[];
  credits?: MembershipPaymentCredits;
  /** ISO date after which the membership can no longer be used. */
  expirationDate?: string;
  additionalData?: Record<string, unknown>;
}

/** A membership that cannot pay for the lines, and why. */
export interface InvalidMembership {
  membership?: Membership;
  reason?: string;
}

/** The memberships that can, cannot, and were chosen to pay. */
export interface MembershipOptions {
  eligibleMemberships?: Membership[];
  invalidMemberships?: InvalidMembership[];
  selectedMemberships?: SelectedMemberships;
}

/** A gift card applied to the cart. */
export interface GiftCard {
  id?: string;
  obfuscatedCode?: string;
  amount?: MultiCurrencyPrice;
  appId?: string;
}

/** An additional fee (for example a service fee) on the cart. */
export interface AdditionalFee {
  code?: string;
  name?: string;
  translatedName?: string;
  price?: MultiCurrencyPrice;
  taxDetails?: ItemTaxFullDetails;
  providerAppId?: string;
  priceBeforeTax?: MultiCurrencyPrice;
}

/** Why automatic tax fell back to a rate. */
export interface AutoTaxFallbackCalculationDetails {
  fallbackReason?: FallbackReason;
  error?: { code?: string; description?: string; data?: Record<string, unknown> };
}

/** How tax was worked out. */
export interface TaxCalculationDetails {
  rateType?: TaxRateType;
  manualRateReason?: ManualCalculationReason;
  autoTaxFallbackDetails?: AutoTaxFallbackCalculationDetails;
}

/** The tax of the whole cart. */
export interface TaxSummary {
  taxableAmount?: MultiCurrencyPrice;
  totalTax?: MultiCurrencyPrice;
  manualTaxRate?: string;
  calculationDetails?: TaxCalculationDetails;
  averageTaxRate?: string;
  totalExempt?: MultiCurrencyPrice;
}

/** What a violation is about: a line, or something else. */
export interface ViolationTarget {
  lineItem?: { id?: string; name?: string; suggestedFix?: string };
  other?: { name?: string };
}

/** A problem that may prevent checkout (an item out of stock, a minimum not met). */
export interface Violation {
  severity?: Severity;
  target?: ViolationTarget;
  description?: string;
}

/** The error detail of one failed part of the estimate. */
export interface CalculationErrorDetails {
  applicationError?: { code?: string; description?: string; data?: Record<string, unknown> };
  validationError?: { fieldViolations?: Record<string, unknown>[] };
}

/** Parts of the estimate that could not be worked out. */
export interface CalculationErrors {
  generalShippingCalculationError?: CalculationErrorDetails;
  carrierErrors?: { errors?: { carrierId?: string; error?: CalculationErrorDetails }[] };
  taxCalculationError?: CalculationErrorDetails;
  couponCalculationError?: CalculationErrorDetails;
  giftCardCalculationError?: CalculationErrorDetails;
  membershipError?: CalculationErrorDetails;
  discountsCalculationError?: CalculationErrorDetails;
  orderValidationErrors?: { code?: string; description?: string }[];
}

/** What {@link CurrentCartApi.estimateTotals} answers. */
export interface EstimateTotalsResponse {
  cart?: Cart;
  calculatedLineItems?: CalculatedLineItem[];
  priceSummary?: PriceSummary;
  giftCard?: GiftCard;
  appliedDiscounts?: AppliedDiscount[];
  calculationErrors?: CalculationErrors;
  weightUnit?: WeightUnit;
  currency?: string;
  shippingInfo?: ShippingInformation;
  membershipOptions?: MembershipOptions;
  additionalFees?: AdditionalFee[];
  violations?: Violation[];
  taxSummary?: TaxSummary;
  /** What is paid now (deposits, memberships). */
  payNow?: PriceSummary;
  /** What is paid later. */
  payLater?: PriceSummary;
}
