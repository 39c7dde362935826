/**
 * The addresses both shops share: the pages each of them has (the same paths in both), the
 * addresses the store's hosted pages return to, and the check of a `?returnTo=`. A shop with more
 * pages adds its own links next to these (the Vite shop's `src/paths.ts`).
 */

/** Links to the pages every shop of this kit has. */
export const paths = {
  home: () => '/',
  collection: (slug: string) => `/collections/${encodeURIComponent(slug)}`,
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  signIn: (returnTo?: string) => withQuery('/account/sign-in', { returnTo }),
  /** The account page; `orders`: the cursor of a page of older or newer orders. */
  account: (orders?: string) => withQuery('/account', { orders }),
  callback: () => '/callback',
  /** The cart page (the Next shop's, for shoppers without scripts; the Vite shop's own). */
  cart: () => '/cart',
  orderConfirmation: (orderId?: string) => withQuery('/order-confirmation', { orderId }),
} as const;

/**
 * `path` with a query string of the values that are set (none: `path` as it is).
 * @example withQuery('/search', { q: 'mug', sort: undefined }) // '/search?q=mug'
 */
export function withQuery(
  path: string,
  search: Readonly<Record<string, string | undefined>>,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') query.set(key, value);
  }
  const qs = query.toString();
  return qs === '' ? path : `${path}?${qs}`;
}

/**
 * The registered addresses the store's hosted pages (sign-in, sign-out, checkout, password
 * reset) come back to: the platform (and the emulator) accept only exact, registered URIs,
 * `${origin}/callback` and `${origin}/`. Without `origin`, the page's own (call it in the browser).
 */
export function returnUrls(origin: string = window.location.origin): {
  callback: string;
  home: string;
} {
  return { callback: `${origin}/callback`, home: `${origin}/` };
}

/**
 * A path of this shop to go back to after signing in (`?returnTo=`); anything else is
 * `fallback`, so a crafted link cannot send the shopper to another site.
 * @example safeReturnTo('//evil.example') // '/account'
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
