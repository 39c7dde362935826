/**
 * Cart V2's routes (the official client's current-cart-v-2 and cart-v-2 `meta.js`): every
 * operation of the current cart under `/ecom/v2/carts/current`, and the same by id under
 * `/ecom/v2/carts/{cartId}`, plus `POST /ecom/v2/carts`, `get-checkout-url` and `place-order`.
 * Each checks its body, names its cart (target.ts) and calls the service. Mounted only when the
 * store serves Cart V2 (`cartV2`, app.ts).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { callerOf, identityCallerOf } from '../http/auth.js';
import { emptyBody } from '../http/schema.js';
import { jsonBody } from '../http/validate.js';
import { calculateCart, checkoutUrl, placeCartOrder } from './checkout.js';
import {
  addCouponBody,
  addGiftCardBody,
  addLineItemsBody,
  calculateBody,
  checkoutUrlBody,
  createBody,
  estimateBody,
  formSubmissionsBody,
  placeOrderBody,
  removeCouponBody,
  removeGiftCardBody,
  removeLineItemsBody,
  setDeliveryMethodBody,
  updateBody,
  updateLineItemsBody,
} from './inputs.js';
import * as carts from './service.js';
import type { CartTarget } from './target.js';
import { locateOpen } from './target.js';
import { renderCartV2 } from '../cart/v2-view.js';

type Target = (c: Context<AppEnv>) => CartTarget;

/** The operations both the current cart and a cart by id have, under `base`. */
function cartOperations(ctx: EmulatorContext, app: Hono<AppEnv>, base: string, of: Target): void {
  app.get(base, (c) => c.json(carts.getCart(ctx, of(c))));
  app.patch(base, jsonBody(updateBody), async (c) =>
    c.json(await carts.updateCart(ctx, of(c), c.req.valid('json').cart)),
  );
  app.delete(base, async (c) => {
    await carts.deleteCart(ctx, of(c));
    return c.json({});
  });
  app.post(`${base}/refresh`, jsonBody(emptyBody), (c) => {
    const { cart, current } = locateOpen(ctx, of(c));
    return c.json({ cart: renderCartV2(ctx, cart, current) });
  });
  app.post(`${base}/calculate`, jsonBody(calculateBody), async (c) =>
    c.json(await calculateCart(ctx, of(c), { calculateDelivery: true, calculateTax: true })),
  );
  app.post(`${base}/estimate`, jsonBody(estimateBody), async (c) => {
    const body = c.req.valid('json');
    const options = {
      calculateDelivery: body.calculateDelivery ?? false,
      calculateTax: body.calculateTax ?? false,
    };
    return c.json(await calculateCart(ctx, of(c), options));
  });
  app.post(`${base}/add-line-items`, jsonBody(addLineItemsBody), async (c) => {
    const body = c.req.valid('json');
    const added = carts.addLineItems(ctx, of(c), body.catalogItems ?? [], body.customItems ?? []);
    return c.json(await added);
  });
  app.post(`${base}/remove-line-items`, jsonBody(removeLineItemsBody), async (c) =>
    c.json(await carts.removeLineItems(ctx, of(c), c.req.valid('json').lineItemIds)),
  );
  app.post(`${base}/update-line-items`, jsonBody(updateLineItemsBody), async (c) =>
    c.json(await carts.updateLineItems(ctx, of(c), c.req.valid('json').lineItems)),
  );
  app.post(`${base}/add-coupon`, jsonBody(addCouponBody), async (c) =>
    c.json(await carts.addCoupon(ctx, of(c), c.req.valid('json').coupon.code)),
  );
  app.post(`${base}/remove-coupon`, jsonBody(removeCouponBody), async (c) =>
    c.json(await carts.removeCoupon(ctx, of(c), c.req.valid('json').couponId)),
  );
  app.post(`${base}/set-delivery-method`, jsonBody(setDeliveryMethodBody), async (c) =>
    c.json(await carts.setDeliveryMethod(ctx, of(c), c.req.valid('json').deliveryMethod.code)),
  );
  app.post(`${base}/remove-delivery-method`, jsonBody(emptyBody), async (c) =>
    c.json(await carts.removeDeliveryMethod(ctx, of(c))),
  );
  app.post(`${base}/add-gift-card`, jsonBody(addGiftCardBody), (c) =>
    carts.addGiftCard(ctx, of(c), c.req.valid('json').giftCard.code),
  );
  app.post(`${base}/remove-gift-card`, jsonBody(removeGiftCardBody), (c) =>
    carts.removeGiftCard(ctx, of(c), c.req.valid('json').giftCardId),
  );
  app.post(`${base}/update-forms-submission`, jsonBody(formSubmissionsBody), async (c) => {
    const submissions = c.req.valid('json').formSubmissions ?? [];
    return c.json(await carts.updateFormSubmissions(ctx, of(c), submissions));
  });
  app.get(`${base}/upsell-options`, (c) => c.json(carts.upsellOptions(ctx, of(c))));
}

/** Cart V2's routes: the current cart first, so `current` is never read as a cart id. */
export function cartV2Routes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const current = '/ecom/v2/carts/current';
  // The current cart is a visitor's or member's; the API key has none (403, as V1's).
  const ofCaller: Target = (c) => ({ kind: 'current', caller: identityCallerOf(c) });
  app.post(current, jsonBody(createBody), async (c) =>
    c.json(await carts.createCart(ctx, ofCaller(c), c.req.valid('json'))),
  );
  cartOperations(ctx, app, current, ofCaller);

  const byId: Target = (c) => ({
    kind: 'id',
    caller: callerOf(c),
    cartId: c.req.param('cartId') ?? '',
  });
  app.post('/ecom/v2/carts', jsonBody(createBody), async (c) =>
    c.json(await carts.createCart(ctx, byId(c), c.req.valid('json'))),
  );
  const base = '/ecom/v2/carts/:cartId';
  cartOperations(ctx, app, base, byId);
  app.post(`${base}/get-checkout-url`, jsonBody(checkoutUrlBody), async (c) =>
    c.json(await checkoutUrl(ctx, byId(c))),
  );
  app.post(`${base}/place-order`, jsonBody(placeOrderBody), async (c) =>
    c.json(await placeCartOrder(ctx, byId(c), c.req.valid('json').priceVerificationToken)),
  );
  return app;
}
