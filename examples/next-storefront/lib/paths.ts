/** Links to the shop's pages, and the addresses the store's hosted pages return to. */

export const paths = {
  home: () => '/',
  collection: (slug: string) => `/collections/${encodeURIComponent(slug)}`,
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  signIn: (returnTo?: string) =>
    returnTo
      ? `/account/sign-in?${new URLSearchParams({ returnTo }).toString()}`
      : '/account/sign-in',
  /** The account page; `orders`: the cursor of a page of older or newer orders. */
  account: (orders?: string) =>
    orders ? `/account?${new URLSearchParams({ orders }).toString()}` : '/account',
  callback: () => '/callback',
  orderConfirmation: () => '/order-confirmation',
} as const;

/**
 * The registered addresses the store's hosted pages (sign-in, sign-out, checkout) come back to:
 * the platform (and the emulator) accept only exact, registered URIs. Call it in the browser.
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
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
