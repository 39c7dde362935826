/**
 * A small platform at the network boundary for the cart engine tests: a `fetch` that plays the
 * token endpoint and the current-cart API, on Cart V1 and on Cart V2 (cart-v2-wire.ts), with one
 * cart per identity, prices of its own, and switches to hold answers back or refuse calls. Each
 * call is recorded as its Cart V1 equivalent (path and body), so one test reads the same on either
 * cart API; `api` and `wire` say what was really sent.
 */
import { json } from '../../__tests__/helpers.js';
import type { Cart, LineItem } from '../../models/cart.js';
import { fromV2Call, toV2Answer } from './cart-v2-wire.js';

export interface CartCall {
  method: string;
  /** The call's Cart V1 path (a Cart V2 call's equivalent). */
  path: string;
  /** The call's Cart V1 body (a Cart V2 call's equivalent). */
  body: Record<string, unknown>;
  /** The cart API it was sent to. */
  api: 'v1' | 'v2';
  /** What was sent, as it was. */
  wire: { path: string; body: Record<string, unknown> };
  /** The identity whose token the call carried (`visitor-1`, `member-m1`, `anonymous`). */
  owner: string;
  authorization: string | null;
}

/** A refusal: return a response to send instead of the normal answer. */
export type Refusal = (call: CartCall) => Response | undefined;

export const PRICE = 10;
const DATE0 = Date.UTC(2026, 0, 1);

/** Options of {@link cartPlatform}. */
export interface CartPlatformOptions {
  /** `false`: a store without Cart V2, whose paths answer as unknown ones. @default true */
  cartV2?: boolean;
}

export function cartPlatform(options: CartPlatformOptions = {}) {
  const owners = new Map<string, string>();
  const carts = new Map<string, Cart>();
  const calls: CartCall[] = [];
  const waiting: (() => void)[] = [];
  let issued = 0;
  let lines = 0;
  let clock = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const platform = {
    calls,
    carts,
    /** While `true`, cart calls wait for {@link release}. */
    paused: false,
    refuse: undefined as Refusal | undefined,
    /** The most cart calls that were on the wire at once. */
    get maxInFlight() {
      return maxInFlight;
    },
    /** Cart calls only (token and redirect calls left out). */
    cartCalls: () => calls.filter((call) => call.path.startsWith('/ecom/')),
    /** Lets the held calls go (all, or the first `count`). */
    release(count = waiting.length) {
      for (const resume of waiting.splice(0, count)) resume();
    },
    /** How many calls wait. */
    get held() {
      return waiting.length;
    },
    /** Makes tokens for an owner, as a sign-in elsewhere would. */
    tokensFor(owner: string, role: 'visitor' | 'member') {
      const n = ++issued;
      owners.set(`at_${n}`, owner);
      owners.set(`rt_${n}`, owner);
      return {
        accessToken: { value: `at_${n}`, expiresAt: Math.floor(DATE0 / 1000) + 36_000 },
        refreshToken: { value: `rt_${n}`, role },
      };
    },
    /** Puts a cart in place for an owner, with a coupon when `couponCode` is given. */
    seed(owner: string, items: { productId: string; quantity: number }[], couponCode?: string) {
      const cart = cartOf(owner);
      for (const item of items) {
        cart.lineItems.push(line(item.productId, item.quantity, undefined));
      }
      if (couponCode !== undefined) cart.appliedDiscounts = [couponOf(couponCode)];
      touch(cart);
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = request.body ? await request.text() : '';
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const authorization = request.headers.get('authorization');
      if (url.pathname === '/oauth2/token') return token(body, authorization);
      if (url.pathname === '/_api/redirects-api/v1/redirect-session') {
        return json({ redirectSession: { id: 'r1', fullUrl: 'http://127.0.0.1/logout' } });
      }
      const owner = owners.get(authorization ?? '') ?? 'anonymous';
      const api = url.pathname.startsWith('/ecom/v2/') ? 'v2' : 'v1';
      const equivalent = api === 'v2' ? fromV2Call(request.method, url.pathname, body) : undefined;
      const call: CartCall = {
        method: equivalent?.method ?? request.method,
        path: equivalent?.path ?? url.pathname,
        body: equivalent?.body ?? body,
        api,
        wire: { path: url.pathname, body },
        owner,
        authorization,
      };
      calls.push(call);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (platform.paused) await new Promise<void>((resume) => waiting.push(resume));
        if (owner === 'anonymous') {
          return json(
            { message: 'Unauthorized', details: { applicationError: { code: 'UNAUTHORIZED' } } },
            { status: 401 },
          );
        }
        if (api === 'v2' && options.cartV2 === false) {
          return refused(`no route ${request.method} ${url.pathname}`, 'NOT_FOUND', 404);
        }
        const response = platform.refuse?.(call) ?? answer(call);
        return api === 'v2' ? toV2Answer(call, response) : response;
      } finally {
        inFlight--;
      }
    }) as typeof fetch,
  };

  function token(body: Record<string, unknown>, authorization: string | null): Response {
    const n = ++issued;
    let owner: string;
    if (body.grantType === 'anonymous') owner = `visitor-${n}`;
    else if (body.grantType === 'refresh_token')
      owner = owners.get(String(body.refreshToken)) ?? 'x';
    else if (body.grant_type === 'authorized_client') {
      void authorization;
      owner = `member-${String(body.member_id)}`;
    } else return json({ error: 'unsupported_grant_type' }, { status: 400 });
    owners.set(`at_${n}`, owner);
    owners.set(`rt_${n}`, owner);
    return json({ access_token: `at_${n}`, refresh_token: `rt_${n}`, expires_in: 36_000 });
  }

  function cartOf(owner: string): Cart {
    let cart = carts.get(owner);
    if (!cart) {
      cart = { id: `cart-${owner}`, lineItems: [], currency: 'USD', createdDate: iso() };
      carts.set(owner, cart);
    }
    return cart;
  }

  function line(productId: string, quantity: number, options: unknown): LineItem {
    return {
      id: `line-${++lines}`,
      quantity,
      catalogReference: {
        catalogItemId: productId,
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
        ...(options === undefined ? {} : { options: options as Record<string, unknown> }),
      },
      productName: { original: `Product ${productId}` },
      price: { amount: String(PRICE) },
      availability: { status: 'AVAILABLE' },
    };
  }

  function couponOf(code: string) {
    return { discountType: 'GLOBAL' as const, coupon: { code, amount: { amount: '1' } } };
  }

  function touch(cart: Cart): void {
    cart.updatedDate = iso();
    const units = cart.lineItems.reduce((sum, item) => sum + item.quantity, 0);
    cart.subtotal = { amount: String(units * PRICE) };
    for (const item of cart.lineItems)
      item.lineItemPrice = { amount: String(item.quantity * PRICE) };
  }

  function iso(): string {
    return new Date(DATE0 + ++clock * 1000).toISOString();
  }

  function refused(message: string, code = 'REFUSED', status = 400): Response {
    return json(
      { message, details: { applicationError: { code, description: message } } },
      { status },
    );
  }

  function snapshot(cart: Cart): Response {
    return json({ cart: structuredClone(cart) });
  }

  function answer(call: CartCall): Response {
    const route = `${call.method} ${call.path.replace('/ecom/v1/carts/current', '') || '/'}`;
    const existing = carts.get(call.owner);
    switch (route) {
      case 'GET /':
        return existing ? snapshot(existing) : refused('no cart', 'OWNED_CART_NOT_FOUND', 404);
      case 'DELETE /':
        carts.delete(call.owner);
        return json({});
      case 'POST /add-to-cart': {
        const cart = cartOf(call.owner);
        const items = call.body.lineItems as {
          catalogReference: { catalogItemId: string; options?: unknown };
          quantity: number;
        }[];
        if (items.some((item) => item.catalogReference.catalogItemId.startsWith('sold-out'))) {
          return refused('Some items are not available', 'ITEM_NOT_AVAILABLE');
        }
        for (const item of items) {
          const same = cart.lineItems.find(
            (l) =>
              l.catalogReference?.catalogItemId === item.catalogReference.catalogItemId &&
              JSON.stringify(l.catalogReference.options) ===
                JSON.stringify(item.catalogReference.options),
          );
          if (same) same.quantity += item.quantity;
          else
            cart.lineItems.push(
              line(
                item.catalogReference.catalogItemId,
                item.quantity,
                item.catalogReference.options,
              ),
            );
        }
        touch(cart);
        return snapshot(cart);
      }
      case 'POST /update-line-items-quantity': {
        if (!existing) return refused('no cart', 'OWNED_CART_NOT_FOUND', 404);
        for (const update of call.body.lineItems as { id: string; quantity: number }[]) {
          const item = existing.lineItems.find((l) => l.id === update.id);
          if (!item) return refused(`no line ${update.id}`, 'LINE_ITEM_NOT_FOUND');
          if (update.quantity > 99) return refused('Not enough in stock', 'INSUFFICIENT_INVENTORY');
          item.quantity = update.quantity;
        }
        existing.lineItems = existing.lineItems.filter((l) => l.quantity > 0);
        touch(existing);
        return snapshot(existing);
      }
      case 'POST /remove-line-items': {
        if (!existing) return refused('no cart', 'OWNED_CART_NOT_FOUND', 404);
        const ids = call.body.lineItemIds as string[];
        existing.lineItems = existing.lineItems.filter((l) => !ids.includes(l.id));
        touch(existing);
        return snapshot(existing);
      }
      case 'PATCH /': {
        const cart = cartOf(call.owner);
        const code = call.body.couponCode;
        if (typeof code === 'string') {
          if (code === 'BAD') return refused('Coupon does not exist', 'COUPON_DOES_NOT_EXIST');
          cart.appliedDiscounts = [couponOf(code)];
        }
        touch(cart);
        return snapshot(cart);
      }
      case 'POST /remove-coupon': {
        if (!existing) return refused('no cart', 'OWNED_CART_NOT_FOUND', 404);
        existing.appliedDiscounts = [];
        touch(existing);
        return snapshot(existing);
      }
      case 'POST /estimate-totals':
        if (!existing) return refused('no cart', 'OWNED_CART_NOT_FOUND', 404);
        return json({
          cart: structuredClone(existing),
          priceSummary: { total: existing.subtotal },
        });
      case 'POST /create-checkout':
        return json({ checkoutId: `checkout-${call.owner}` });
      default:
        return refused(`no route ${route}`, 'NOT_FOUND', 404);
    }
  }

  return platform;
}

export type CartPlatform = ReturnType<typeof cartPlatform>;
