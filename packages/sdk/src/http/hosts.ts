/** Where the platform serves its API. Origins only: scheme, host and optional port. */
export interface StoreHosts {
  /**
   * Every write, every non-GET, the token endpoint, and GETs of the current cart, of Catalog V3
   * (`/stores/v3/…`) and of Categories (`/categories/…`).
   */
  api: string;
  /** Every other GET. */
  readOnly: string;
}

/** The platform's hosts. */
export const DEFAULT_HOSTS: Readonly<StoreHosts> = /* @__PURE__ */ Object.freeze({
  api: 'https://www.wixapis.com',
  readOnly: 'https://readonly.wixapis.com',
});

/**
 * The current cart's path (always on the API host): it changes under the shopper's feet, so even
 * its GET must not be served by the read-only (cached, replicated) host.
 */
export const CURRENT_CART_PATH = '/ecom/v1/carts/current';

/** Picks the origin for a request. */
export type HostRouter = (method: string, path: string) => string;

/**
 * GETs that stay on the API host: the carts' (Cart V1's current cart, see
 * {@link CURRENT_CART_PATH}, and Cart V2's carts), and those
 * of Catalog V3 and Categories, which the platform's official client never sends to the
 * read-only host (it has no read-only host at all since its 1.12).
 */
const API_HOST_GETS =
  /^\/(?:stores\/v3\/|categories\/|ecom\/v1\/carts\/current(?:[/?]|$)|ecom\/v2\/carts(?:[/?]|$))/;

/**
 * Builds the platform's routing rule: GETs go to the read-only host, except those of the
 * carts (Cart V1's current cart, Cart V2's carts), of Catalog V3 (`/stores/v3/…`) and of Categories (`/categories/…`); everything
 * else goes to the API host.
 *
 * @example
 * const route = createHostRouter(DEFAULT_HOSTS);
 * route('GET', '/stores-reader/v1/products/p1'); // 'https://readonly.wixapis.com'
 * route('GET', '/ecom/v1/carts/current');        // 'https://www.wixapis.com'
 * route('GET', '/stores/v3/products/p1');        // 'https://www.wixapis.com'
 */
export function createHostRouter(hosts: StoreHosts): HostRouter {
  return (method, path) =>
    method.toUpperCase() === 'GET' && !API_HOST_GETS.test(path) ? hosts.readOnly : hosts.api;
}
