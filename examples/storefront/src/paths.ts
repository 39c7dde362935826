/** Every page of the storefront: its route pattern, and a builder for links to it. */
import { buildPath, type RouteDefinition } from './router';

/** The names of the storefront's pages. */
export type PageName =
  | 'home'
  | 'shop'
  | 'collection'
  | 'search'
  | 'product'
  | 'cart'
  | 'signIn'
  | 'signUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'passwordChanged'
  | 'account'
  | 'callback'
  | 'orderConfirmation';

/** The route table, matched in order. */
export const ROUTES: readonly RouteDefinition<PageName>[] = [
  { name: 'home', path: '/' },
  { name: 'shop', path: '/shop' },
  { name: 'collection', path: '/collections/:slug' },
  { name: 'search', path: '/search' },
  { name: 'product', path: '/products/:slug' },
  { name: 'cart', path: '/cart' },
  { name: 'signIn', path: '/account/sign-in' },
  { name: 'signUp', path: '/account/sign-up' },
  { name: 'forgotPassword', path: '/account/forgot-password' },
  { name: 'resetPassword', path: '/account/reset-password' },
  { name: 'passwordChanged', path: '/account/password-changed' },
  { name: 'account', path: '/account' },
  // Where the hosted sign-in and checkout pages come back to (a registered redirect URI).
  { name: 'callback', path: '/callback' },
  { name: 'orderConfirmation', path: '/order-confirmation' },
];

/** Links to the storefront's pages. */
export const paths = {
  home: () => '/',
  shop: (sort?: string) => buildPath('/shop', {}, { sort }),
  collection: (slug: string, sort?: string) => buildPath('/collections/:slug', { slug }, { sort }),
  search: (q: string, sort?: string) => buildPath('/search', {}, { q, sort }),
  product: (slug: string) => buildPath('/products/:slug', { slug }),
  cart: () => '/cart',
  signIn: (returnTo?: string) => buildPath('/account/sign-in', {}, { returnTo }),
  signUp: (returnTo?: string) => buildPath('/account/sign-up', {}, { returnTo }),
  forgotPassword: () => '/account/forgot-password',
  resetPassword: (token?: string) => buildPath('/account/reset-password', {}, { token }),
  passwordChanged: () => '/account/password-changed',
  account: () => '/account',
  callback: () => '/callback',
  orderConfirmation: (orderId?: string) => buildPath('/order-confirmation', {}, { orderId }),
} as const;

/**
 * The registered addresses the platform's hosted pages return to. The emulator (and the
 * platform) accept only exact, registered URIs: `${origin}/callback` and `${origin}/`.
 */
export function returnUrls(origin: string = window.location.origin): {
  callback: string;
  home: string;
} {
  return { callback: `${origin}/callback`, home: `${origin}/` };
}

/**
 * A same-site path to go back to after signing in (`?returnTo=`); anything else is `fallback`,
 * so a crafted link cannot send the shopper to another site.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
