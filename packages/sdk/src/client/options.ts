import type { AuthOptions } from '../auth/auth-options.js';
import { StoreArgumentError } from '../errors/argument-error.js';
import { DEFAULT_HOSTS, type StoreHosts } from '../http/hosts.js';
import type { HttpOptions, RetryOptions, StoreClientHooks } from '../http/http-options.js';
import type { Tokens } from '../models/tokens.js';
import { checkRedirectUri } from '../auth/hosted-login/oauth-data.js';
import { httpUrl } from '../internal/http-url.js';
import { defaultRandom } from '../auth/hosted-login/pkce.js';
import { browserStorage } from '../auth/storage/browser.js';
import { memoryStorage } from '../auth/storage/memory.js';
import type { TokenStorage } from '../auth/storage/types.js';
import type { SessionEndpoint } from '../auth/tokens/session-grants.js';
import type { CartOption } from '../cart/types.js';
import type { CatalogOption } from '../storefront/types.js';
import { DEFAULT_CAPTCHA_SITE_KEYS } from './captcha-site-keys.js';

/** Options of {@link createStoreClient}. Every field but `clientId` is optional. */
export interface StoreClientOptions {
  /**
   * The headless client id of the store (from the platform's dashboard, or the one the local
   * emulator prints).
   * @example 'vitrine-local-client'
   */
  clientId: string;
  /**
   * One origin for both hosts, replacing them (the local emulator, a proxy).
   * @example 'http://127.0.0.1:4010'
   */
  baseUrl?: string;
  /**
   * The two hosts, when not the platform's.
   * @default { api: 'https://www.wixapis.com', readOnly: 'https://readonly.wixapis.com' }
   */
  hosts?: { api?: string; readOnly?: string };
  /** Initial tokens, for example read from a cookie during server rendering. */
  tokens?: Tokens;
  /**
   * The `fetch` to use (tests, proxies, edge runtimes).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * Time limit of each request attempt, in ms: from sending it to the last byte of the answer.
   * A server that answers its headers at once and then trickles the body is cut off here too.
   * @default 30000
   */
  timeout?: number;
  /**
   * Time limit of each call as a whole, in ms: every attempt, the waits between retries
   * (`Retry-After` included), the token renewal the call needs, and reading the answer. A call
   * that passes it fails with a retryable `DEADLINE_EXCEEDED` error; a `Retry-After` longer than
   * the time left fails the call at once with the platform's answer.
   * @default 60000
   */
  deadline?: number;
  /**
   * Largest answer read, in bytes. Reading stops past it and the call fails with a
   * `RESPONSE_TOO_LARGE` error, so a broken or hostile server cannot fill the memory.
   * @default 10485760 (10 MiB)
   */
  maxResponseBytes?: number;
  /**
   * Retries of idempotent requests (GET, PUT, DELETE and query reads) on network errors, 429
   * and 502/503/504, with exponential backoff and `Retry-After`. A number sets the limit.
   * @default { limit: 2 }
   */
  retry?: number | RetryOptions;
  /** Hooks into every request. */
  hooks?: StoreClientHooks;
  /** The captcha site keys to render; the platform's by default. */
  captchaSiteKeys?: { visible: string; invisible: string };
  /**
   * The clock, in epoch milliseconds. Inject one to control token expiry in tests.
   * @default Date.now
   */
  now?: () => number;
  /**
   * Where the tokens (and pending hosted logins) are kept, under keys namespaced by client id.
   * @default browserStorage() in browsers, memoryStorage() elsewhere
   * @example storage: cookieStorage({ get: (name) => req.cookies[name], set: (name, value, attributes) => res.cookie(name, value, attributes) })
   */
  storage?: TokenStorage;
  /**
   * The random source of PKCE verifiers and states: fills the array and returns it. Must be
   * cryptographically strong.
   * @default crypto.getRandomValues (a typed `NO_CRYPTO` error when the runtime has none)
   * @example random: (bytes) => require('node:crypto').randomFillSync(bytes)
   */
  random?: (bytes: Uint8Array) => Uint8Array;
  /**
   * Shares sign-in, sign-out and renewals with the other tabs of this browser (BroadcastChannel,
   * `storage` events, and a Web Lock so that one tab renews for all).
   * @default true in browsers, false elsewhere
   */
  tabSync?: boolean;
  /**
   * A return address registered for this client id, used by the silent login that turns a
   * session token into member tokens (after `login`/`register`, and
   * `getMemberTokensForDirectLogin`). Required outside browsers for those (`NOT_SUPPORTED`
   * otherwise): there the code is read from the platform's redirect to this address, which is
   * never loaded, so any registered address works, such as the site's `/callback`.
   * @default `${location.origin}/` in browsers; none elsewhere
   * @example redirectUri: 'http://localhost:3000/callback'
   */
  redirectUri?: string;
  /**
   * Origins the hosted login page may be served from; any other address the platform sends is
   * never loaded. http is accepted only on loopback hosts (the local emulator).
   * @default [the API host (or baseUrl)]
   * @example loginPageOrigins: ['https://www.wixapis.com', 'https://users.example.com']
   */
  loginPageOrigins?: string[];
  /**
   * An API key of the store, for merchant-side scripts on a server: every call carries it as its
   * `Authorization` instead of visitor or member tokens, and no token is ever requested. Catalog
   * writes, bulk changes and `identity.authentication.signOn` need it (or another elevated
   * credential); visitor and member tokens are refused there. Never ship it to a browser.
   * @example createStoreClient({ clientId, apiKey: process.env.STORE_API_KEY })
   */
  apiKey?: string;
  /**
   * A session that lives on your server (a token-mediating backend, as OAuth for browser-based
   * apps describes): `sessionEndpoint(url)`. The client then never holds a refresh token: it asks
   * that endpoint, with the page's cookies, for an access token of the session the server keeps
   * (in an httpOnly cookie), one renewal at a time across tabs, and members sign in and out
   * through your server only (the sign-in methods of `store.auth` reject with `NOT_SUPPORTED`).
   * `@vitrine/next` serves such an endpoint.
   * @example session: sessionEndpoint('/_vitrine/session')
   */
  session?: SessionEndpoint;
  /**
   * Which catalog the storefront reads (`store.storefront`) use. `'auto'` asks the store once
   * which it runs (`GET /stores/v3/provision/version`) and keeps the answer (for the process, on a
   * server); `'v1'` or `'v3'` says it and skips that call. Either way an app's code is the same.
   * @default 'auto'
   * @example catalog: 'v3'
   */
  catalog?: CatalogOption;
  /**
   * Which cart API the cart (`store.cart`, `store.cartStore`) uses. `'auto'` uses Cart V2, and
   * Cart V1 only where a store answers that it has no Cart V2 (learnt with one call, once per
   * client); `'v2'` and `'v1'` pin one. The platform removes Cart V1 on 2027-02-01.
   * @default 'auto'
   * @example cart: 'v2'
   */
  cart?: CartOption;
}

/**
 * The options after defaults and checks, in the slices each layer reads: the transport its
 * `http` slice, the auth layer its `auth` slice. Nothing reads the raw options after this.
 */
export interface ResolvedStoreClientOptions {
  clientId: string;
  catalog: CatalogOption;
  cart: CartOption;
  /** Tabs share the cart (and, in the auth slice, sign-in and renewals). */
  tabSync: boolean;
  http: HttpOptions;
  auth: AuthOptions;
}

/** Default time limit of one request attempt, in ms. */
export const DEFAULT_TIMEOUT = 30_000;

/** Default time limit of one call as a whole, in ms. */
export const DEFAULT_DEADLINE = 60_000;

/** Default largest answer read, in bytes (10 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

const DEFAULT_RETRY: Required<RetryOptions> = {
  limit: 2,
  statusCodes: [429, 502, 503, 504],
  backoffLimit: 10_000,
  maxRetryAfter: 60_000,
};

export { DEFAULT_CAPTCHA_SITE_KEYS };

/**
 * Checks the options and fills in every default, once, so the rest of the SDK never looks at
 * raw options.
 *
 * @throws {StoreArgumentError} for a missing `clientId`, a host that is not an http(s) origin,
 * or a negative `timeout` or retry limit.
 */
export function resolveStoreClientOptions(options: StoreClientOptions): ResolvedStoreClientOptions {
  if (typeof options !== 'object' || options === null) {
    throw new StoreArgumentError('options', 'must be an object with at least a clientId');
  }
  if (typeof options.clientId !== 'string' || options.clientId.trim() === '') {
    throw new StoreArgumentError('options.clientId', 'must be a non-empty string');
  }
  const base =
    options.baseUrl === undefined ? undefined : toOrigin('options.baseUrl', options.baseUrl);
  const hosts: StoreHosts = {
    api: base ?? toOrigin('options.hosts.api', options.hosts?.api ?? DEFAULT_HOSTS.api),
    readOnly:
      base ?? toOrigin('options.hosts.readOnly', options.hosts?.readOnly ?? DEFAULT_HOSTS.readOnly),
  };
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new StoreArgumentError('options.timeout', 'must be a positive number of milliseconds');
  }
  const deadline = options.deadline ?? DEFAULT_DEADLINE;
  if (!Number.isFinite(deadline) || deadline <= 0) {
    throw new StoreArgumentError('options.deadline', 'must be a positive number of milliseconds');
  }
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw new StoreArgumentError(
      'options.maxResponseBytes',
      'must be a positive whole number of bytes',
    );
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new StoreArgumentError('options.fetch', 'no fetch is available; pass one');
  }
  const storage = options.storage;
  if (
    storage !== undefined &&
    (typeof storage?.getItem !== 'function' ||
      typeof storage.setItem !== 'function' ||
      typeof storage.removeItem !== 'function')
  ) {
    throw new StoreArgumentError('options.storage', 'must have getItem, setItem and removeItem');
  }
  if (options.redirectUri !== undefined) {
    checkRedirectUri(options.redirectUri, 'options.redirectUri');
  }
  if (
    options.apiKey !== undefined &&
    (typeof options.apiKey !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(options.apiKey))
  ) {
    // Never echo the value: it is a secret.
    throw new StoreArgumentError(
      'options.apiKey',
      'must be a non-empty string of printable characters without spaces',
    );
  }
  // Bound so a global fetch keeps its `this` when called as a property.
  const boundFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const tabSync = options.tabSync ?? isBrowser();
  return {
    clientId: options.clientId,
    catalog: oneOf('options.catalog', options.catalog, ['auto', 'v1', 'v3'] as const),
    cart: oneOf('options.cart', options.cart, ['auto', 'v2', 'v1'] as const),
    tabSync,
    http: {
      hosts,
      fetch: boundFetch,
      timeout,
      deadline,
      maxResponseBytes,
      retry: resolveRetry(options.retry),
      hooks: {
        beforeRequest: toList(options.hooks?.beforeRequest),
        afterResponse: toList(options.hooks?.afterResponse),
        beforeError: toList(options.hooks?.beforeError),
      },
    },
    auth: {
      clientId: options.clientId,
      apiOrigin: hosts.api,
      tokens: options.tokens,
      storage: storage ?? (isBrowser() ? browserStorage() : memoryStorage()),
      now: options.now ?? Date.now,
      random: options.random ?? defaultRandom,
      tabSync,
      // Another tab's renewal is one call: allow it two attempts' time before giving up.
      lockTimeout: Math.max(10_000, 2 * timeout),
      apiKey: options.apiKey,
      session: options.session,
      captchaSiteKeys: options.captchaSiteKeys ?? DEFAULT_CAPTCHA_SITE_KEYS,
      redirectUri: options.redirectUri,
      loginPageOrigins: options.loginPageOrigins?.map((origin, index) =>
        toOrigin(`options.loginPageOrigins[${index}]`, origin),
      ) ?? [hosts.api],
      fetch: boundFetch,
      timeout,
    },
  };
}

/** `value` when it is one of `allowed`, the first of them when absent. */
function oneOf<T extends string>(argument: string, value: unknown, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0]!;
  if (!allowed.includes(value as T)) {
    throw new StoreArgumentError(argument, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

// A page with a DOM; servers and workers get the server defaults.
function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

function resolveRetry(retry: number | RetryOptions | undefined): Required<RetryOptions> {
  const given = typeof retry === 'number' ? { limit: retry } : (retry ?? {});
  const resolved = { ...DEFAULT_RETRY, ...stripUndefined(given) };
  if (!Number.isInteger(resolved.limit) || resolved.limit < 0) {
    throw new StoreArgumentError('options.retry.limit', 'must be a whole number, 0 or more');
  }
  return resolved;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function toList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...value] : [value];
}

function toOrigin(argument: string, value: string): string {
  const url = httpUrl(argument, value);
  // A trailing path would be silently dropped; refuse it so a proxy prefix is not lost unnoticed.
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new StoreArgumentError(argument, 'must be an origin without a path, query or fragment');
  }
  return url.origin;
}
