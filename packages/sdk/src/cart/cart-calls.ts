/**
 * The current cart's calls of one client, on the cart API it uses: Cart V2 by default (the
 * platform removes Cart V1 on 2027-02-01), Cart V1 where the client pins it (`cart: 'v1'`) or,
 * with `cart: 'auto'`, once a store answers that it has no Cart V2. That answer costs the client
 * one call, once: the call goes again on Cart V1 and every later one goes there at once.
 *
 * The code of each cart API loads on first use (v2-calls.ts, v1-calls.ts), the V1 cart's only on a
 * client that uses it. One call cannot wait for code: an add sent as the page is left
 * (`addNow`), which goes out at once on Cart V2 and is read once the code has come.
 */
import { loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { CART_V2_PATH } from './current-cart-path.js';
import type { CartApiCalls, CartApiVersion, CartCalls, CartOption } from './types.js';

const loadV2 = /* @__PURE__ */ loadOnFirstUse(() => import('./v2-calls.js'));
const loadV1 = /* @__PURE__ */ loadOnFirstUse(() => import('./v1-calls.js'));

/**
 * `true` when a Cart V2 call was answered as by a store that has no Cart V2: the platform's
 * answer to a call it does not serve (404 `NOT_FOUND`, not a missing cart's
 * `OWNED_CART_NOT_FOUND`), or 405 / 501 (docs/wire-conventions.md "Cart V2"). Read off the error's
 * fields, so this first-load module needs none of the error classes.
 */
export function isCartV2Missing(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  return (status === 404 && code === 'NOT_FOUND') || status === 405 || status === 501;
}

/** The calls every cart API has, by name: each goes to the cart API the client uses now. */
const CALL_NAMES = [
  'get',
  'getWithToken',
  'addItems',
  'update',
  'updateQuantities',
  'removeItems',
  'removeCoupon',
  'estimateTotals',
  'createCheckout',
  'delete',
] as const satisfies readonly (keyof CartApiCalls)[];

// A call of the cart APIs missing from the list fails to compile here, naming it.
type UnlistedCall = Exclude<keyof CartApiCalls, (typeof CALL_NAMES)[number]>;
export const EVERY_CALL_LISTED: [UnlistedCall] extends [never] ? true : UnlistedCall = true;

/** The current cart's calls of one client. */
export function createCartCalls(transport: Transport, option: CartOption): CartCalls {
  let version: CartApiVersion = option === 'v1' ? 'v1' : 'v2';
  const made = new Map<CartApiVersion, CartApiCalls>();

  async function apiOf(wanted: CartApiVersion): Promise<CartApiCalls> {
    let api = made.get(wanted);
    if (api === undefined) {
      const created =
        wanted === 'v2'
          ? (await loadV2()).createV2CartCalls(transport)
          : (await loadV1()).createV1CartCalls(transport);
      // Parallel first calls each waited for the code: they all keep the first one's calls.
      api = made.get(wanted) ?? created;
      made.set(wanted, api);
    }
    return api;
  }

  /**
   * Runs a call on the client's cart API (or `first`, the call sent as it is); on a store without
   * Cart V2, once more on Cart V1.
   */
  async function call<T>(
    run: (api: CartApiCalls) => Promise<T>,
    first?: () => Promise<T>,
  ): Promise<T> {
    const used = version;
    try {
      return await (first ? first() : run(await apiOf(used)));
    } catch (error) {
      if (option !== 'auto' || used !== 'v2' || !isCartV2Missing(error)) throw error;
      version = 'v1';
      return run(await apiOf('v1'));
    }
  }

  const calls = Object.fromEntries(
    CALL_NAMES.map((name) => [
      name,
      (...args: unknown[]) =>
        call((api) => (api[name] as (...given: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as Pick<CartApiCalls, (typeof CALL_NAMES)[number]>;

  return {
    ...calls,
    addNow(body, options) {
      const sentAsItIs =
        made.has(version) || version === 'v1' || body.customLineItems?.length
          ? undefined
          : // Cart V2's add, sent before anything loads; its answer read once the code has.
            async () => {
              const sent = transport.request({
                method: 'POST',
                path: `${CART_V2_PATH}/add-line-items`,
                body: { catalogItems: body.lineItems },
                signal: options.signal,
                keepalive: options.keepalive,
              });
              return (await loadV2()).cartOfAnswer(await sent, 'cart.addItems');
            };
      return call((api) => api.addItems(body, options), sentAsItIs);
    },
    preload() {
      void apiOf(version).catch(() => {
        // Loaded again by the first call, which reports the failure.
      });
    },
  };
}
