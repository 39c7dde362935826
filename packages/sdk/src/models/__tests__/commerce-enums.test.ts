import { describe, expect, it } from 'vitest';
import * as root from '../../index.js';
import * as models from '../../models.js';

// Every commerce enumeration of spec §3, with its values in the spec's order.
const SPEC: Record<string, readonly string[]> = {
  DescriptionLineType: ['UNRECOGNISED', 'PLAIN_TEXT', 'COLOR'],
  ItemAvailability: ['AVAILABLE', 'NOT_FOUND', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE'],
  ItemType: ['UNRECOGNISED', 'PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'],
  SubscriptionFrequency: ['UNDEFINED', 'DAY', 'WEEK', 'MONTH', 'YEAR'],
  FileType: [
    'UNSPECIFIED',
    'SECURE_PICTURE',
    'SECURE_VIDEO',
    'SECURE_DOCUMENT',
    'SECURE_MUSIC',
    'SECURE_ARCHIVE',
  ],
  PaymentOption: [
    'FULL_PAYMENT_ONLINE',
    'FULL_PAYMENT_OFFLINE',
    'MEMBERSHIP',
    'DEPOSIT_ONLINE',
    'MEMBERSHIP_OFFLINE',
  ],
  WeightUnit: ['UNSPECIFIED_WEIGHT_UNIT', 'KG', 'LB'],
  VatType: ['UNSPECIFIED', 'CPF', 'CNPJ'],
  JurisdictionType: ['UNDEFINED', 'COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'],
  TaxRateType: ['NO_TAX_COLLECTED', 'MANUAL_RATE', 'AUTO_RATE', 'FALLBACK_RATE'],
  ManualCalculationReason: ['GLOBAL_SETTING_TO_MANUAL', 'REGION_SETTING_TO_MANUAL'],
  FallbackReason: ['AUTO_TAX_FAILED', 'AUTO_TAX_DEACTIVATED'],
  PickupMethod: ['UNKNOWN_METHOD', 'STORE_PICKUP', 'PICKUP_POINT'],
  ChargeType: ['HANDLING_FEE', 'INSURANCE'],
  CartDiscountType: ['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING'],
  ChannelType: [
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
  ],
  WebhookIdentityType: ['UNKNOWN', 'ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
  Severity: ['WARNING', 'ERROR'],
  ProductType: ['unspecified_product_type', 'physical', 'digital'],
  InventoryStatus: ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'],
  MeasurementUnit: [
    'UNSPECIFIED',
    'ML',
    'CL',
    'L',
    'CBM',
    'MG',
    'G',
    'KG',
    'MM',
    'CM',
    'M',
    'SQM',
    'OZ',
    'LB',
    'FLOZ',
    'PT',
    'QT',
    'GAL',
    'IN',
    'FT',
    'YD',
    'SQFT',
  ],
  MediaItemType: ['unspecified_media_item_type', 'image', 'video', 'audio', 'document', 'zip'],
  OptionType: ['unspecified_option_type', 'drop_down', 'color'],
  ProductDiscountType: ['UNDEFINED', 'NONE', 'AMOUNT', 'PERCENT'],
  SortOrder: ['ASC', 'DESC'],
  ViolationRuleType: [
    'VALIDATION',
    'OTHER',
    'MAX',
    'MIN',
    'MAX_LENGTH',
    'MIN_LENGTH',
    'MAX_SIZE',
    'MIN_SIZE',
    'FORMAT',
    'DECIMAL_LTE',
    'DECIMAL_GTE',
    'DECIMAL_LT',
    'DECIMAL_GT',
    'DECIMAL_MAX_SCALE',
    'INVALID_ENUM_VALUE',
    'REQUIRED_FIELD',
    'FIELD_NOT_ALLOWED',
    'ONE_OF_ALIGNMENT',
  ],
};

describe('commerce enumerations', () => {
  it.each(Object.entries(SPEC))('exports %s by name with the values of spec §3', (name, values) => {
    // The values are on `@vitrine/sdk/models`; the root exports the type only.
    const enumeration = (models as unknown as Record<string, { values: readonly string[] }>)[name];
    expect(name in root).toBe(false);
    expect(enumeration?.values).toEqual(values);
    for (const value of values) expect((enumeration as Record<string, unknown>)[value]).toBe(value);
  });

  it('names the stores catalog app id', () => {
    expect(root.STORES_APP_ID).toBe('215238eb-22a5-4c36-9e7b-e7c08025e04e');
    expect(models.STORES_APP_ID).toBe(root.STORES_APP_ID);
  });
});
