/** Schemas of Checkout V1's create call (`POST /ecom/v1/checkouts`). */
import { arr, json, obj, oneOf, optional, str } from '../http/schema.js';
import { CHANNEL_TYPES, customLineItemInput, lineItemInput } from '../cart/inputs.js';

/**
 * The body the official client's `checkout.createCheckout()` sends: line items (catalog
 * references and quantities), custom lines, a coupon and the channel. `checkoutInfo` (the
 * checkout's own fields) is taken as it is and not kept; gift cards are not emulated.
 */
export const createCheckoutBody = obj({
  checkoutInfo: optional(json(12)),
  lineItems: optional(arr(lineItemInput, { max: 100 })),
  customLineItems: optional(arr(customLineItemInput, { max: 100 })),
  couponCode: optional(str({ min: 1, max: 50 })),
  channelType: oneOf(CHANNEL_TYPES),
  overrideCheckoutUrl: optional(str({ max: 2000 })),
});
