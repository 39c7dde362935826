/**
 * Schemas of Cart V2's request bodies, from the official client's typings (`meta.d.ts` of
 * current-cart-v-2 and cart-v-2 1.0.202). Fields the emulator does not act on (memberships,
 * modifiers, extended fields, the read-only fields of a cart sent back whole) are accepted as
 * JSON and ignored, so a valid call is never refused.
 */
import {
  catalogReference,
  contactDetails,
  customLineMedia,
  MAX_LINES,
  MAX_QUANTITY,
} from '../cart/inputs.js';
import { arr, bool, decimal, email, int, json, obj, optional, str } from '../http/schema.js';

const id = () => str({ min: 1, max: 100 });
const quantity = () => int({ min: 1, max: MAX_QUANTITY });
const translatable = obj({
  original: str({ min: 1, max: 200 }),
  translated: optional(str({ max: 400 })),
});
const money = obj({
  amount: decimal({ min: 0, max: 999_999_999 }),
  convertedAmount: optional(decimal({ min: 0, max: 999_999_999 })),
});

const text = (max = 200) => optional(str({ max }));

/** Cart V2's address (`Address`): the V1 fields the cart keeps, and the full names it ignores. */
export const v2Address = obj({
  country: optional(
    str({ min: 2, max: 2, pattern: /^[A-Z]{2}$/, format: 'an ISO 3166-1 alpha-2 code' }),
  ),
  subdivision: text(),
  city: text(),
  postalCode: text(20),
  streetAddress: optional(obj({ number: text(20), name: text() })),
  addressLine: text(),
  addressLine2: text(),
  formattedAddress: text(500),
  geocode: optional(
    obj({
      latitude: optional(decimal({ min: -90, max: 90 })),
      longitude: optional(decimal({ min: -180, max: 180 })),
    }),
  ),
  countryFullname: text(),
  subdivisionFullname: text(),
});

/** A catalog item to add (`CatalogItemInput`). */
export const catalogItemInput = obj({
  catalogReference,
  quantity: quantity(),
  catalogOverrideFields: optional(json(6)),
  extendedFields: optional(json(6)),
  inventoryAppId: optional(str({ max: 100 })),
  selectedMembership: optional(json(4)),
  membershipPayment: optional(json(4)),
});

const descriptionLine = obj({
  name: obj({ original: str({ max: 100 }), translated: optional(str({ max: 200 })) }),
  plainText: optional(
    obj({ original: str({ max: 600 }), translated: optional(str({ max: 600 })) }),
  ),
  colorInfo: optional(
    obj({
      original: str({ max: 500 }),
      translated: optional(str({ max: 500 })),
      code: optional(str({ max: 50 })),
    }),
  ),
});

/** A custom item to add (`CustomItemInput`): its own name and price, no catalog behind it. */
export const customItemInput = obj({
  name: translatable,
  quantityInfo: obj({
    requestedQuantity: quantity(),
    availableQuantity: optional(int({ min: 0, max: MAX_QUANTITY })),
    fixedQuantity: optional(bool()),
  }),
  pricing: obj({
    price: money,
    fullPrice: optional(money),
    priceDescription: optional(json(2)),
    priceUndetermined: optional(bool()),
  }),
  source: optional(json(4)),
  attributes: obj({
    descriptionLines: optional(arr(descriptionLine, { max: 20 })),
    image: optional(customLineMedia()),
    url: optional(json(2)),
    itemType: obj({
      preset: optional(str({ max: 20 })),
      custom: optional(str({ max: 100 })),
    }),
    physicalProperties: optional(
      obj({
        weight: optional(decimal({ min: 0, max: 999_999 })),
        sku: optional(str({ max: 40 })),
        shippable: optional(bool()),
      }),
    ),
    serviceProperties: optional(json(3)),
    membersOnly: optional(bool()),
  }),
  deliveryConfig: optional(json(3)),
  taxConfig: optional(json(3)),
  paymentConfig: optional(json(4)),
  modifierGroups: optional(json(6)),
});

const couponInput = obj({ code: str({ min: 1, max: 50 }) });
const deliveryMethodInput = obj({
  code: str({ min: 1, max: 100 }),
  appId: optional(str({ max: 100 })),
});
const giftCardInput = obj({ code: str({ min: 8, max: 20 }), redeemAmount: optional(money) });

/**
 * A cart as `create` and `update` take it (`Cart`): the fields a shopper may set are checked;
 * the read-only ones, which a client may send back as it got them, are accepted and ignored.
 */
export const cartInput = obj({
  id: optional(id()),
  revision: optional(str({ max: 30 })),
  note: optional(str({ max: 1000 })),
  customerInfo: optional(
    obj({
      firstName: text(),
      lastName: text(),
      phone: text(50),
      company: text(),
      vatId: optional(json(2)),
      email: optional(email()),
      visitorId: optional(str({ max: 100 })),
      memberId: optional(str({ max: 100 })),
      userId: optional(str({ max: 100 })),
      openAccess: optional(bool()),
      contactId: optional(str({ max: 100 })),
      languageCode: optional(str({ min: 2, max: 10 })),
      currencyCode: optional(str({ max: 3 })),
    }),
  ),
  deliveryInfo: optional(
    obj({
      address: optional(v2Address),
      method: optional(json(3)),
      weightUnit: optional(str({ max: 30 })),
    }),
  ),
  paymentInfo: optional(
    obj({
      billingAddress: optional(v2Address),
      billingContact: optional(contactDetails),
      giftCards: optional(json(4)),
      currencyCode: optional(str({ max: 3 })),
    }),
  ),
  customCheckoutUrl: optional(
    str({ max: 2048, pattern: /^https?:\/\//, format: 'an http(s) URL' }),
  ),
  businessInfo: optional(json(3)),
  source: optional(json(4)),
  taxInfo: optional(json(3)),
  extendedFields: optional(json(6)),
  demo: optional(bool()),
  lineItems: optional(json(10)),
  subtotal: optional(json(2)),
  coupons: optional(json(3)),
  orderPlaced: optional(bool()),
  orderId: optional(str({ max: 100 })),
  purchaseFlowId: optional(str({ max: 100 })),
  settings: optional(json(3)),
  currentCart: optional(bool()),
  createdDate: optional(str({ max: 40 })),
  updatedDate: optional(str({ max: 40 })),
});

/** `POST /ecom/v2/carts/current` and `POST /ecom/v2/carts`. */
export const createBody = obj({
  cart: optional(cartInput),
  catalogItems: optional(arr(catalogItemInput, { max: MAX_LINES })),
  customItems: optional(arr(customItemInput, { max: MAX_LINES })),
  coupons: optional(arr(couponInput, { max: 1 })),
  deliveryMethod: optional(deliveryMethodInput),
  giftCards: optional(arr(giftCardInput, { max: 5 })),
});

export const updateBody = obj({ cart: cartInput });

export const addLineItemsBody = obj({
  catalogItems: optional(arr(catalogItemInput, { max: MAX_LINES })),
  customItems: optional(arr(customItemInput, { max: MAX_LINES })),
});

export const removeLineItemsBody = obj({
  lineItemIds: arr(id(), { min: 1, max: 100 }),
});

export const updateLineItemsBody = obj({
  lineItems: arr(
    obj({
      lineItemId: id(),
      quantity: optional(obj({ newQuantity: quantity() })),
      selectedMembership: optional(json(4)),
      membershipPayment: optional(json(4)),
    }),
    { min: 1, max: MAX_LINES },
  ),
});

export const addCouponBody = obj({ coupon: couponInput });
export const removeCouponBody = obj({ couponId: id() });
export const setDeliveryMethodBody = obj({ deliveryMethod: deliveryMethodInput });
export const addGiftCardBody = obj({ giftCard: giftCardInput });
export const removeGiftCardBody = obj({ giftCardId: id() });

export const formSubmissionsBody = obj({
  formSubmissions: optional(arr(obj({ id: id(), formSubmissionId: id() }), { min: 1, max: 1000 })),
});

const VALIDATIONS = ['SKIP_VALIDATIONS', 'PRE_CHECKOUT_VALIDATIONS', 'CHECKOUT_VALIDATIONS'];

export const calculateBody = obj({ refreshCart: optional(bool()) });

export const estimateBody = obj({
  refreshCart: optional(bool()),
  validationConfig: optional(
    str({
      max: 30,
      pattern: new RegExp(`^(${VALIDATIONS.join('|')})$`),
      format: VALIDATIONS.join(', '),
    }),
  ),
  calculateDelivery: optional(bool()),
  calculateAdditionalFees: optional(bool()),
  calculateTax: optional(bool()),
  calculateGiftCards: optional(bool()),
});

export const checkoutUrlBody = obj({
  currencyCode: optional(
    str({ min: 3, max: 3, pattern: /^[A-Z]{3}$/, format: 'an ISO 4217 code' }),
  ),
});

export const placeOrderBody = obj({
  priceVerificationToken: optional(str({ max: 3000 })),
  savePaymentMethod: optional(bool()),
  delayCapture: optional(bool()),
});
