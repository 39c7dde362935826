/**
 * The current cart (platform-wire.md "Current cart"): one cart per identity, keyed by the
 * caller's visitor or member id from the token, so no identity can read or change another's.
 *
 * Each mutation validates the whole body first, then changes state with no `await` until it is
 * done: concurrent requests on one cart therefore apply one after another and lose nothing.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { identityCallerOf } from '../http/auth.js';
import { STORES_APP_ID } from '../catalog/model.js';
import { SEEDED_COUPONS } from '../catalog/seed.js';
import { getProduct } from '../catalog/store.js';
import { toCents } from '../catalog/money.js';
import { readBody } from '../http/body.js';
import type { FieldViolation } from '../http/errors.js';
import { applicationError, fieldError, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { emptyBody } from '../http/schema.js';
import { randomId } from '../oauth/secrets.js';
import * as events from '../webhooks/events.js';
import { identityOf } from '../webhooks/publisher.js';
import type { CartRecord, CheckoutRecord, LineRecord } from './model.js';
import type { customLineItemInput, lineItemInput } from './inputs.js';
import {
  MAX_LINES,
  MAX_QUANTITY,
  addToCartBody,
  createCheckoutBody,
  estimateBody,
  removeLinesBody,
  updateCartBody,
  updateQuantitiesBody,
} from './inputs.js';
import { ownerKeyOf } from './owner.js';
import { computeTotals } from './totals.js';
import { cartJson, discountsOf, renderCart, renderLine } from './view.js';

type C = Context<AppEnv>;
type LineInput = Infer<typeof lineItemInput>;
type CustomInput = Infer<typeof customLineItemInput>;

function cartNotFound() {
  return applicationError(
    404,
    'OWNED_CART_NOT_FOUND',
    'This identity has no current cart yet; add an item first',
  );
}

/** A catalog line resolved against the catalog, or a violation. */
function resolveLine(
  ctx: EmulatorContext,
  input: LineInput,
  field: string,
  v: FieldViolation[],
): Omit<LineRecord & { kind: 'catalog' }, 'id'> | undefined {
  const ref = input.catalogReference;
  if (ref.appId !== STORES_APP_ID) {
    v.push({
      field: `${field}.catalogReference.appId`,
      description: `must be the stores catalog (${STORES_APP_ID})`,
      violatedRule: 'VALIDATION',
    });
    return undefined;
  }
  const product = getProduct(ctx, ref.catalogItemId);
  if (!product) {
    v.push({
      field: `${field}.catalogReference.catalogItemId`,
      description: 'is not a product in the catalog',
      violatedRule: 'VALIDATION',
    });
    return undefined;
  }
  let variantId: string | undefined;
  const options = ref.options;
  if (options?.variantId !== undefined) {
    if (!product.variants.some((x) => x.id === options.variantId)) {
      v.push({
        field: `${field}.catalogReference.options.variantId`,
        description: 'is not a variant of this product',
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    variantId = options.variantId;
  } else if (options?.options !== undefined && Object.keys(options.options).length > 0) {
    const chosen = options.options;
    const match = product.variants.find((x) =>
      product.productOptions.every((o) => {
        const given = chosen[o.name];
        const choice = o.choices.find((ch) => ch.description === given || ch.value === given);
        return choice !== undefined && x.choices[o.name] === choice.description;
      }),
    );
    const unknown = Object.keys(chosen).find(
      (name) => !product.productOptions.some((o) => o.name === name),
    );
    if (!match || unknown !== undefined) {
      v.push({
        field: `${field}.catalogReference.options.options`,
        description: 'must choose one value of every option of this product',
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    variantId = match.id;
  } else if (product.productOptions.length > 0) {
    v.push({
      field: `${field}.catalogReference.options`,
      description: 'must choose a variant of this product (variantId or options)',
      violatedRule: 'REQUIRED_FIELD',
    });
    return undefined;
  }
  const texts = options?.customTextFields;
  if (texts) {
    for (const [title, value] of Object.entries(texts)) {
      const definition = product.customTextFields.find((f) => f.title === title);
      if (!definition)
        v.push({
          field: `${field}.catalogReference.options.customTextFields.${title}`,
          description: 'is not a text field of this product',
          violatedRule: 'VALIDATION',
        });
      else if (value.length > definition.maxLength)
        v.push({
          field: `${field}.catalogReference.options.customTextFields.${title}`,
          description: `must be at most ${definition.maxLength} characters`,
          violatedRule: 'MAX_LENGTH',
        });
    }
  }
  return {
    kind: 'catalog',
    quantity: input.quantity,
    catalogItemId: product.id,
    appId: STORES_APP_ID,
    ...(variantId !== undefined ? { variantId } : {}),
    ...(texts && Object.keys(texts).length > 0 ? { customTextFields: { ...texts } } : {}),
  };
}

function mergeKey(line: LineRecord): string {
  return line.kind === 'custom'
    ? `custom:${line.id}`
    : JSON.stringify([
        line.catalogItemId,
        line.appId,
        line.variantId ?? '',
        line.customTextFields ?? {},
      ]);
}

/**
 * Validates catalog and custom lines and returns a function that adds them to a cart, merging
 * equal catalog lines (same item, same options) by adding quantities.
 * @throws {ApiError} 400 naming every bad field, before anything changes.
 */
function prepareAdd(
  ctx: EmulatorContext,
  lineItems: LineInput[],
  custom: CustomInput[],
  prefix: string,
): (cart: CartRecord) => void {
  const v: FieldViolation[] = [];
  const resolved = lineItems.map((item, i) => resolveLine(ctx, item, `${prefix}[${i}]`, v));
  if (v.length > 0) throw validationError(v);
  const customLines: LineRecord[] = custom.map((c) => ({
    kind: 'custom',
    id: randomId(),
    quantity: c.quantity,
    productName: c.productName.original,
    priceCents: toCents(c.price),
    itemType: c.itemType?.preset ?? 'PHYSICAL',
    descriptionLines: (c.descriptionLines ?? []).map(
      (d) => `${d.name.original}${d.plainText ? `: ${d.plainText.original}` : ''}`,
    ),
    ...(c.media !== undefined ? { imageUrl: c.media } : {}),
    ...(c.physicalProperties?.weight !== undefined ? { weight: c.physicalProperties.weight } : {}),
  }));
  return (cart) => {
    // Checked against the cart as it is when applied, which may have grown since validation.
    const lines = cart.lineItems.map((l) => ({ ...l }));
    resolved.forEach((line, i) => {
      if (!line) return;
      const key = mergeKey({ ...line, id: '' });
      const existing = lines.find((l) => l.kind === 'catalog' && mergeKey(l) === key);
      if (existing) {
        existing.quantity += line.quantity;
        if (existing.quantity > MAX_QUANTITY) {
          throw fieldError(
            `${prefix}[${i}].quantity`,
            `would make the line's quantity more than ${MAX_QUANTITY}`,
            'MAX',
          );
        }
      } else {
        lines.push({ ...line, id: randomId() });
      }
    });
    lines.push(...customLines);
    if (lines.length > MAX_LINES)
      throw fieldError(prefix, `would make the cart hold more than ${MAX_LINES} lines`, 'MAX_SIZE');
    cart.lineItems = lines;
  };
}

/** The current cart routes. */
export function cartRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/ecom/v1/carts/current';

  const findCart = (c: C): CartRecord | undefined => {
    const key = ownerKeyOf(identityCallerOf(c));
    return Object.hasOwn(ctx.store.state.carts, key) ? ctx.store.state.carts[key] : undefined;
  };
  const requireCart = (c: C): CartRecord => {
    const cart = findCart(c);
    if (!cart) throw cartNotFound();
    return cart;
  };
  const newCart = (c: C): CartRecord => {
    const caller = identityCallerOf(c);
    const now = ctx.nowIso();
    return {
      id: randomId(),
      ownerKey: ownerKeyOf(caller),
      buyerInfo:
        caller.memberId !== undefined
          ? { memberId: caller.memberId }
          : { visitorId: caller.visitorId ?? '' },
      lineItems: [],
      merchantDiscounts: [],
      createdDate: now,
      updatedDate: now,
    };
  };
  /** Applies `change` to a copy of the caller's cart (or a new one), stores it, persists, emits. */
  const mutate = async (c: C, change: (cart: CartRecord) => void, create = false) => {
    const existing = findCart(c);
    if (!existing && !create) throw cartNotFound();
    const cart: CartRecord = existing
      ? {
          ...existing,
          lineItems: [...existing.lineItems],
          merchantDiscounts: [...existing.merchantDiscounts],
        }
      : newCart(c);
    change(cart);
    cart.updatedDate = ctx.nowIso();
    ctx.store.state.carts[cart.ownerKey] = cart;
    const wire = renderCart(ctx, cart);
    await ctx.store.commit();
    const who = identityOf(identityCallerOf(c));
    ctx.webhooks.emit(existing ? events.cartUpdated(who, wire) : events.cartCreated(who, wire));
    return c.json({ cart: wire });
  };

  app.get(base, (c) =>
    c.body(cartJson(ctx, requireCart(c)), 200, { 'Content-Type': 'application/json' }),
  );

  app.post(`${base}/add-to-cart`, async (c) => {
    const body = await readBody(c, addToCartBody);
    if ((body.lineItems?.length ?? 0) + (body.customLineItems?.length ?? 0) === 0) {
      throw fieldError('lineItems', 'must hold at least one item (or customLineItems)', 'MIN_SIZE');
    }
    const add = prepareAdd(ctx, body.lineItems ?? [], body.customLineItems ?? [], 'lineItems');
    return mutate(c, add, true);
  });

  app.patch(base, async (c) => {
    const body = await readBody(c, updateCartBody);
    const add = body.lineItems ? prepareAdd(ctx, body.lineItems, [], 'lineItems') : undefined;
    const mask = body.cartFieldmask
      ?.split(',')
      .map((p) => p.trim().replace(/^cartInfo\./, ''))
      .filter(Boolean);
    const wants = (field: string) => !mask || mask.includes(field);
    if (body.couponCode !== undefined && !Object.hasOwn(SEEDED_COUPONS, body.couponCode)) {
      throw applicationError(400, 'ERROR_COUPON_DOES_NOT_EXIST', 'No coupon has this code', {
        field: 'couponCode',
      });
    }
    const discounts = body.merchantDiscounts?.map((d, i) => {
      if ((d.amount === undefined) === (d.percentage === undefined)) {
        throw fieldError(
          `merchantDiscounts[${i}]`,
          'must have exactly one of amount and percentage',
          'ONE_OF_ALIGNMENT',
        );
      }
      return {
        ...(d.amount !== undefined ? { amountCents: toCents(d.amount) } : {}),
        ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
        lineItemIds: d.lineItemIds ?? [],
      };
    });
    return mutate(
      c,
      (cart) => {
        const info = body.cartInfo;
        if (info?.buyerNote !== undefined && wants('buyerNote')) cart.buyerNote = info.buyerNote;
        if (info?.buyerLanguage !== undefined && wants('buyerLanguage'))
          cart.buyerLanguage = info.buyerLanguage;
        if (info?.contactInfo !== undefined && wants('contactInfo'))
          cart.contactInfo = structuredClone(info.contactInfo);
        if (info?.selectedShippingOption !== undefined && wants('selectedShippingOption'))
          cart.selectedShippingOption = { ...info.selectedShippingOption };
        if (body.couponCode !== undefined) {
          const coupon = SEEDED_COUPONS[body.couponCode as keyof typeof SEEDED_COUPONS];
          const subtotal = discountsOf(
            cart,
            cart.lineItems.map((l) => renderLine(ctx, l)),
          ).subtotalCents;
          if (subtotal < coupon.minimumCents) {
            throw applicationError(
              400,
              'ERROR_COUPON_MINIMUM_SUBTOTAL',
              "The cart subtotal is below this coupon's minimum",
              { field: 'couponCode' },
            );
          }
          cart.couponCode = body.couponCode;
        }
        if (discounts) cart.merchantDiscounts = discounts;
        add?.(cart);
      },
      add !== undefined,
    );
  });

  app.post(`${base}/remove-line-items`, async (c) => {
    const { lineItemIds } = await readBody(c, removeLinesBody);
    const remove = new Set(lineItemIds);
    return mutate(c, (cart) => {
      cart.lineItems = cart.lineItems.filter((l) => !remove.has(l.id));
    });
  });

  app.post(`${base}/update-line-items-quantity`, async (c) => {
    const { lineItems } = await readBody(c, updateQuantitiesBody);
    return mutate(c, (cart) => {
      const v: FieldViolation[] = [];
      lineItems.forEach((item, i) => {
        if (!cart.lineItems.some((l) => l.id === item.id))
          v.push({
            field: `lineItems[${i}].id`,
            description: 'is not a line of this cart',
            violatedRule: 'VALIDATION',
          });
      });
      if (v.length > 0) throw validationError(v);
      const wanted = new Map(lineItems.map((l) => [l.id, l.quantity]));
      cart.lineItems = cart.lineItems.map((l) =>
        wanted.has(l.id) ? { ...l, quantity: wanted.get(l.id)! } : l,
      );
    });
  });

  app.post(`${base}/remove-coupon`, async (c) => {
    await readBody(c, emptyBody);
    return mutate(c, (cart) => {
      delete cart.couponCode;
    });
  });

  app.post(`${base}/estimate-totals`, async (c) => {
    const body = await readBody(c, estimateBody);
    return c.json(computeTotals(ctx, requireCart(c), body).response);
  });

  app.post(`${base}/create-checkout`, async (c) => {
    const body = await readBody(c, createCheckoutBody);
    const cart = requireCart(c);
    if (!cart.lineItems.some((l) => renderLine(ctx, l).countable > 0)) {
      throw applicationError(
        400,
        'CART_HAS_NO_AVAILABLE_ITEMS',
        'The cart has no items that can be bought',
      );
    }
    // Checks the shipping option before anything is stored.
    computeTotals(ctx, cart, body);
    const checkout: CheckoutRecord = {
      id: randomId(),
      cartId: cart.id,
      ownerKey: cart.ownerKey,
      buyerInfo: { ...cart.buyerInfo },
      channelType: body.channelType ?? 'WEB',
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.shippingAddress ? { shippingAddress: body.shippingAddress } : {}),
      ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
      ...(body.selectedShippingOption
        ? { selectedShippingOption: body.selectedShippingOption }
        : {}),
      createdDate: ctx.nowIso(),
    };
    ctx.store.state.checkouts[checkout.id] = checkout;
    ctx.store.state.carts[cart.ownerKey] = {
      ...cart,
      checkoutId: checkout.id,
      updatedDate: ctx.nowIso(),
    };
    await ctx.store.commit();
    return c.json({ checkoutId: checkout.id });
  });

  app.delete(base, async (c) => {
    const cart = requireCart(c);
    delete ctx.store.state.carts[cart.ownerKey];
    await ctx.store.commit();
    ctx.webhooks.emit(events.cartDeleted(identityOf(identityCallerOf(c)), cart.id));
    return c.json({});
  });

  return app;
}
