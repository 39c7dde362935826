/**
 * Every page of the storefront: its route pattern, and a builder for links to it. The pages the
 * Next shop has too keep the kit's links (`@vitrine/shop-ui/lib/paths`); this shop adds its own.
 */
import { paths as shopPaths } from '@vitrine/shop-ui/lib/paths';
import { buildPath, type RouteDefinition } from './router';

export { returnUrls, safeReturnTo } from '@vitrine/shop-ui/lib/paths';

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
  ...shopPaths,
  shop: (sort?: string) => buildPath('/shop', {}, { sort }),
  collection: (slug: string, sort?: string) => buildPath('/collections/:slug', { slug }, { sort }),
  search: (q: string, sort?: string) => buildPath('/search', {}, { q, sort }),
  cart: () => '/cart',
  signUp: (returnTo?: string) => buildPath('/account/sign-up', {}, { returnTo }),
  forgotPassword: () => '/account/forgot-password',
  resetPassword: (token?: string) => buildPath('/account/reset-password', {}, { token }),
  passwordChanged: () => '/account/password-changed',
} as const;
