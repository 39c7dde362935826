/**
 * What the suite runs on: the emulator in this process on 127.0.0.1 port 0, a small "shop" server
 * (the pages hosted flows return to), the platform's hosts routed to the emulator
 * (route-to-emulator.ts), and the official client built the way its documentation builds it: an
 * OAuth client for a shopper and an API-key client for the merchant.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { Emulator } from '@vitrine/emulator';
import { startEmulator } from '@vitrine/emulator';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as authentication from '@wix/auto_sdk_identity_authentication';
import * as recovery from '@wix/auto_sdk_identity_recovery';
import * as verification from '@wix/auto_sdk_identity_verification';
import * as redirects from '@wix/auto_sdk_redirects_redirects';
import * as collections from '@wix/auto_sdk_stores_collections';
import * as products from '@wix/auto_sdk_stores_products';
import * as checkout from '@wix/auto_sdk_ecom_checkout';
import * as categories from '@wix/auto_sdk_categories_categories';
import * as catalogVersioning from '@wix/auto_sdk_stores_catalog-versioning';
import * as inventoryItemsV3 from '@wix/auto_sdk_stores_inventory-items-v-3';
import * as productsV3 from '@wix/auto_sdk_stores_products-v-3';
import * as readOnlyVariantsV3 from '@wix/auto_sdk_stores_read-only-variants-v-3';
import { ApiKeyStrategy, LoginState, OAuthStrategy, createClient } from '@wix/sdk';
import * as items from '@wix/wix-data-items-sdk';
import { PLATFORM_HOSTS, routePlatformTo } from './route-to-emulator.js';

/** The official client's modules the suite uses: one per API of spec.md §7, and the Data API. */
export const modules = {
  products,
  collections,
  currentCart,
  authentication,
  recovery,
  verification,
  redirects,
  items,
};

/**
 * The modules of a Catalog V3 store (platform-wire-v3.md): products, categories, the version,
 * read-only variants and inventory, with the cart, redirects and Checkout V1 a shop uses with them.
 */
export const v3Modules = {
  productsV3,
  categories,
  catalogVersioning,
  readOnlyVariantsV3,
  inventoryItemsV3,
  currentCart,
  redirects,
  checkout,
};

/** The catalog that owns store products in a cart line (platform-wire.md "Current cart"). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

const CLIENT_ID = 'official-client-suite';

/** A shopper's client: visitor tokens first, member tokens after a sign-in. */
export function shopperClient() {
  return createClient({ modules, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
}

/** The merchant's client: the API key, as a server-side script sends it. */
export function merchantClient(apiKey: string) {
  return createClient({ modules, auth: ApiKeyStrategy({ apiKey, siteId: 'vitrine-emulator' }) });
}

/** A shopper's client. */
export type ShopperClient = ReturnType<typeof shopperClient>;

/** A shopper's client with the Catalog V3 modules: visitor tokens. */
export function v3ShopperClient() {
  return createClient({ modules: v3Modules, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
}

/** The merchant's client with the Catalog V3 modules: the API key. */
export function v3MerchantClient(apiKey: string) {
  return createClient({
    modules: v3Modules,
    auth: ApiKeyStrategy({ apiKey, siteId: 'vitrine-emulator' }),
  });
}

/** The application error code an official-client call was refused with; fails if it succeeded. */
export async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const details = (error as { details?: { applicationError?: { code?: unknown } } }).details;
    return String(details?.applicationError?.code);
  }
  throw new Error('the call succeeded');
}

/** A running suite environment. */
export interface Harness {
  readonly emulator: Emulator;
  /** The OAuth client id the emulator registers for the suite. */
  readonly clientId: string;
  /** The shop's home page, where logout and checkout flows return (`http://127.0.0.1:…/`). */
  readonly shopUrl: string;
  /** The shop's OAuth callback. */
  readonly callbackUrl: string;
  /** Stops the emulator and the shop and gives the process its own network back. */
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no port'));
      else resolve(`http://127.0.0.1:${address.port}/`);
    });
  });
}

/**
 * Starts the emulator, the shop and the routing. The shop answers every page with a JSON note of
 * the address it was sent to, so a flow's landing can be read back like any API answer.
 * @param options.catalog the store's catalog (`'v1'`, the emulator's default, or `'v3'`).
 */
export async function startHarness(options: { catalog?: 'v1' | 'v3' } = {}): Promise<Harness> {
  const shop = createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ shopPage: request.url }));
  });
  const shopUrl = await listen(shop);
  const callbackUrl = `${shopUrl}callback`;
  const emulator = await startEmulator({
    ...(options.catalog !== undefined ? { catalog: options.catalog } : {}),
    allowedHosts: PLATFORM_HOSTS,
    clients: [{ clientId: CLIENT_ID, redirectUris: [shopUrl, callbackUrl] }],
  });
  const unroute = routePlatformTo(new URL(emulator.url));
  return {
    emulator,
    clientId: CLIENT_ID,
    shopUrl,
    callbackUrl,
    async close() {
      await unroute();
      await emulator.close();
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    },
  };
}

/**
 * Signs a shopper in by email and password the way the platform documents it for a server:
 * `login()` for a session token, a redirect session for the authorize page with that token,
 * `prompt: 'none'` and `responseMode: 'query'`, and the code its redirect carries exchanged by
 * `getMemberTokens()`. The member's tokens replace the visitor's in `client`.
 * @throws {Error} when the login does not succeed or the authorize page does not redirect.
 */
export async function signIn(
  harness: Harness,
  client: ShopperClient,
  email: string,
  password: string,
): Promise<void> {
  const login = await client.auth.login({ email, password });
  if (login.loginState !== LoginState.SUCCESS) throw new Error(`login: ${login.loginState}`);
  const oauth = client.auth.generateOAuthData(harness.callbackUrl);
  const { redirectSession } = await client.redirects.createRedirectSession({
    auth: {
      authRequest: {
        redirectUri: oauth.redirectUri,
        clientId: harness.clientId,
        codeChallenge: oauth.codeChallenge,
        codeChallengeMethod: 'S256',
        responseMode: 'query',
        responseType: 'code',
        scope: 'offline_access',
        state: oauth.state,
        sessionToken: login.data.sessionToken,
      },
      prompt: 'none',
    },
  });
  const page = await fetch(redirectSession?.fullUrl ?? '', { redirect: 'manual' });
  const location = page.headers.get('location');
  if (page.status !== 302 || location === null)
    throw new Error(`authorize answered ${page.status}`);
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  client.auth.setTokens(await client.auth.getMemberTokens(code ?? '', state ?? '', oauth));
}
