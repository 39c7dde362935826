/** Schemas of the current-cart request bodies. */
import * as v from 'valibot';
import { MEDIA_ID_PATTERN, mediaPath } from '../catalog/media-files.js';
import {
  arr,
  bool,
  decimal,
  email,
  int,
  obj,
  oneOf,
  optional,
  record,
  refusal,
  str,
} from '../http/schema.js';

/** Largest quantity of one line. */
export const MAX_QUANTITY = 100_000;
/** Most lines one cart holds. */
export const MAX_LINES = 300;

const text = (max = 200) => optional(str({ max }));

/** The platform's address. */
export const addressInput = obj({
  city: text(),
  subdivision: text(),
  country: optional(
    str({ min: 2, max: 2, pattern: /^[A-Z]{2}$/, format: 'an ISO 3166-1 alpha-2 code' }),
  ),
  postalCode: text(20),
  formattedAddress: text(500),
  geocode: optional(
    obj({ latitude: decimal({ min: -90, max: 90 }), longitude: decimal({ min: -180, max: 180 }) }),
  ),
  addressLine: text(),
  addressLine2: text(),
  streetAddress: optional(obj({ name: text(), number: text(20), apt: text(20) })),
});

const shippingOptionInput = obj({
  code: str({ min: 1, max: 100 }),
  carrierId: optional(str({ max: 100 })),
});

/** What a catalog line names: the item, its catalog and its options. */
export const catalogReference = obj({
  catalogItemId: str({ min: 1, max: 100 }),
  appId: str({ min: 1, max: 100 }),
  options: optional(
    obj({
      variantId: optional(str({ min: 1, max: 100 })),
      options: optional(record(str({ min: 1, max: 100 }), { maxKeys: 10 })),
      customTextFields: optional(record(str({ max: 500 }), { maxKeys: 5 })),
    }),
  ),
});

/** A catalog line to add. */
export const lineItemInput = obj({
  catalogReference,
  quantity: int({ min: 1, max: MAX_QUANTITY }),
});

const localized = obj({
  original: str({ min: 1, max: 200 }),
  translated: optional(str({ max: 200 })),
});

const mediaUrl = () =>
  str({ max: 2000, pattern: /^(https?:\/\/|\/media\/)/, format: 'an http(s) URL' });

/**
 * A custom line's picture: a URL, or the image object of the platform's REST API, which its
 * official client sends (`{url}` for another site's image, `{id, width, height}` for a media
 * file). Read as the URL the line shows.
 */
export function customLineMedia() {
  const image = obj({
    id: optional(str({ max: 200, pattern: MEDIA_ID_PATTERN, format: 'a media file name' })),
    // The official client repeats a media file's `wix:image://` id here; the `id` says it too.
    url: optional(
      str({
        max: 2000,
        pattern: /^(https?:\/\/|\/media\/|wix:image:\/\/)/,
        format: 'an image URL',
      }),
    ),
    width: optional(int({ min: 0, max: 100_000 })),
    height: optional(int({ min: 0, max: 100_000 })),
    altText: optional(str({ max: 500 })),
    filename: optional(str({ max: 500 })),
  });
  return v.pipe(
    v.union(
      [mediaUrl(), image],
      refusal('VALIDATION', 'must be an http(s) URL or an image object ({url} or {id})'),
    ),
    v.check(
      (media) =>
        typeof media === 'string' ||
        media.id !== undefined ||
        (media.url !== undefined && !media.url.startsWith('wix:')),
      refusal('REQUIRED_FIELD', 'needs an http(s) url or a media id'),
    ),
    v.transform((media) =>
      typeof media === 'string' ? media : media.id ? mediaPath(media.id) : media.url!,
    ),
  );
}

/** A custom line: its own name and price. */
export const customLineItemInput = obj({
  quantity: int({ min: 1, max: MAX_QUANTITY }),
  price: decimal({ min: 0, max: 999_999_999 }),
  productName: localized,
  itemType: optional(obj({ preset: oneOf(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']) })),
  descriptionLines: optional(
    arr(obj({ name: localized, plainText: optional(localized) }), { max: 20 }),
  ),
  media: optional(customLineMedia()),
  physicalProperties: optional(
    obj({
      weight: optional(decimal({ min: 0, max: 999_999 })),
      shippable: optional(bool()),
      sku: optional(str({ max: 40 })),
    }),
  ),
});

export const addToCartBody = obj({
  lineItems: optional(arr(lineItemInput, { max: 100 })),
  customLineItems: optional(arr(customLineItemInput, { max: 100 })),
});

/** A buyer's contact details. */
export const contactDetails = obj({
  firstName: text(),
  lastName: text(),
  phone: text(50),
  company: text(),
  vatId: optional(obj({ id: text(50), type: optional(oneOf(['UNSPECIFIED', 'CPF', 'CNPJ'])) })),
});

export const updateCartBody = obj({
  cartInfo: optional(
    obj({
      id: optional(str({ max: 100 })),
      buyerNote: optional(str({ max: 1000 })),
      buyerLanguage: optional(str({ min: 2, max: 10 })),
      contactInfo: optional(
        obj({ address: optional(addressInput), contactDetails: optional(contactDetails) }),
      ),
      selectedShippingOption: optional(shippingOptionInput),
    }),
  ),
  couponCode: optional(str({ min: 1, max: 50 })),
  merchantDiscounts: optional(
    arr(
      obj({
        amount: optional(decimal({ min: 0, max: 999_999_999 })),
        percentage: optional(decimal({ min: 0, max: 100 })),
        lineItemIds: optional(arr(str({ min: 1, max: 100 }), { max: MAX_LINES })),
      }),
      { max: 10 },
    ),
  ),
  lineItems: optional(arr(lineItemInput, { max: 100 })),
  cartFieldmask: optional(str({ max: 500 })),
});

export const removeLinesBody = obj({
  lineItemIds: arr(str({ min: 1, max: 100 }), { min: 1, max: MAX_LINES }),
});

export const updateQuantitiesBody = obj({
  lineItems: arr(
    obj({ id: str({ min: 1, max: 100 }), quantity: int({ min: 1, max: MAX_QUANTITY }) }),
    { min: 1, max: MAX_LINES },
  ),
});

/** Channel types (spec.md §3). */
export const CHANNEL_TYPES = [
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
] as const;

export const createCheckoutBody = obj({
  channelType: optional(oneOf(CHANNEL_TYPES)),
  shippingAddress: optional(addressInput),
  billingAddress: optional(addressInput),
  selectedShippingOption: optional(shippingOptionInput),
  email: optional(email()),
});

export const estimateBody = obj({
  selectedShippingOption: optional(shippingOptionInput),
  shippingAddress: optional(addressInput),
  billingAddress: optional(addressInput),
  selectedMemberships: optional(
    obj({
      memberships: arr(
        obj({
          id: str({ min: 1, max: 100 }),
          appId: str({ min: 1, max: 100 }),
          lineItemIds: optional(arr(str({ min: 1, max: 100 }), { max: MAX_LINES })),
        }),
        { max: 20 },
      ),
    }),
  ),
  calculateTax: optional(bool()),
  calculateShipping: optional(bool()),
});
