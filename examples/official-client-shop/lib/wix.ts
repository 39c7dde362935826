/**
 * The shop's client of the platform, as the official client's documentation writes it: one
 * `createClient` with the modules the shop uses and an `OAuthStrategy` on the shop's client id,
 * given the shopper's tokens from the session cookie. Used on the server (pages, route handlers,
 * the middleware) and in the browser (adding to the cart). A store runs Catalog V1 (`products`) or
 * Catalog V3 (`productsV3`); `catalogVersioning` says which (lib/catalog.ts).
 */
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import * as checkout from '@wix/auto_sdk_ecom_checkout';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as catalogVersioning from '@wix/auto_sdk_stores_catalog-versioning';
import * as products from '@wix/auto_sdk_stores_products';
import * as productsV3 from '@wix/auto_sdk_stores_products-v-3';
import { redirects } from '@wix/redirects';

/** The shop's OAuth client id (`.env`). */
export const CLIENT_ID = process.env.NEXT_PUBLIC_WIX_CLIENT_ID ?? '';

/** The cookie holding the shopper's tokens (visitor or member). */
export const SESSION_COOKIE = 'wix-session';

/** The cookie holding a sign-in's OAuth data between the login and its callback. */
export const OAUTH_COOKIE = 'wix-oauth';

/** The platform's stores catalog, owner of the products in a cart. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/**
 * One unit of a product, as a cart or a checkout takes it: the stores catalog's item, with its
 * options (a V1 product's choices, or a V3 product's `variantId`) when it has any.
 */
export function storeLine(productId: string, options?: Record<string, unknown>) {
  return {
    catalogReference: {
      appId: STORES_APP_ID,
      catalogItemId: productId,
      ...(options ? { options } : {}),
    },
    quantity: 1,
  };
}

/** The code of the platform's refusal of a call (`OWNED_CART_NOT_FOUND`, `NOT_FOUND`…), if any. */
export function applicationErrorCode(error: unknown): string | undefined {
  return (error as { details?: { applicationError?: { code?: string } } }).details?.applicationError
    ?.code;
}

/** The shop's client, for a shopper's tokens (none: the client mints a visitor itself). */
export function wixClient(tokens?: Tokens) {
  return createClient({
    modules: { products, productsV3, catalogVersioning, currentCart, checkout, redirects },
    auth: OAuthStrategy({ clientId: CLIENT_ID, ...(tokens ? { tokens } : {}) }),
  });
}

/** The shop's client, as {@link wixClient} makes it. */
export type WixClient = ReturnType<typeof wixClient>;

/** Tokens from the session cookie's value, or `undefined` when it holds none. */
export function parseTokens(value: string | undefined): Tokens | undefined {
  if (!value) return undefined;
  try {
    const tokens = JSON.parse(value) as Tokens;
    return tokens.refreshToken?.value ? tokens : undefined;
  } catch {
    return undefined;
  }
}

/** Cookie attributes of the session: the browser-side client reads it too, so not HttpOnly. */
export const SESSION_COOKIE_OPTIONS = {
  path: '/',
  sameSite: 'lax',
  maxAge: 60 * 60 * 24 * 30,
} as const;
