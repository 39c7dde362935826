/** Where the platform serves its API. Origins only: scheme, host and optional port. */
export interface StoreHosts {
  /** Every write, every non-GET, the token endpoint, and GETs of the current cart. */
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

/** The carts of both cart APIs (Cart V1's current cart, Cart V2's carts), never read-only. */
const CURRENT_CART_PATHS = [CURRENT_CART_PATH, '/ecom/v2/carts'];

/** Picks the origin for a request. */
export type HostRouter = (method: string, path: string) => string;

/**
 * Builds the platform's routing rule: GETs go to the read-only host, except the carts' paths
 * (Cart V1's current cart, Cart V2's carts); everything else goes to the API host.
 *
 * @example
 * const route = createHostRouter(DEFAULT_HOSTS);
 * route('GET', '/stores-reader/v1/products/p1'); // 'https://readonly.wixapis.com'
 * route('GET', '/ecom/v1/carts/current');        // 'https://www.wixapis.com'
 */
export function createHostRouter(hosts: StoreHosts): HostRouter {
  return (method, path) =>
    method.toUpperCase() === 'GET' && !isCurrentCartPath(path) ? hosts.readOnly : hosts.api;
}

function isCurrentCartPath(path: string): boolean {
  return CURRENT_CART_PATHS.some(
    (cart) => path === cart || path.startsWith(`${cart}/`) || path.startsWith(`${cart}?`),
  );
}
