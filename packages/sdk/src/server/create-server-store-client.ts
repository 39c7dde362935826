/**
 * The server entry's client: one per request, its tokens read from the request's cookies and
 * made valid before rendering, renewed tokens written back as cookies the browser client reads.
 */
// The server entry builds on the package's public entry only, so its own build is a thin file
// that imports the root one: apps that use both load one copy of the client.
import {
  StoreArgumentError,
  cookieStorage,
  createStoreClient,
  type CookieAttributes,
  type StoreClient,
  type StoreClientOptions,
  type TokenStorage,
} from '../index.js';

/**
 * The request's cookies, and where renewed ones go. Next.js's `cookies()` (and `request.cookies`
 * in a proxy or middleware) fits as is; elsewhere pass two functions.
 *
 * @example
 * // Express
 * cookies: {
 *   get: (name) => req.cookies[name],
 *   set: (name, value, attributes) => res.append('Set-Cookie', serializeCookie(name, value, attributes)),
 * }
 */
export interface RequestCookies {
  /** A cookie of the request: its value, or an object with `value` (Next.js), or nothing. */
  get(name: string): string | { value: string } | null | undefined;
  /**
   * Writes a cookie to the response (`maxAge: 0` deletes it). Leave it out, or let it throw,
   * where the response cannot be changed (a React Server Component): renewed tokens then stay
   * with this request's client, and the browser renews on its own.
   */
  set?(name: string, value: string, attributes: CookieAttributes): void;
}

/** Options of {@link createServerStoreClient}: the client's, with cookies for storage. */
export interface ServerStoreClientOptions extends Omit<
  StoreClientOptions,
  'storage' | 'tokens' | 'tabSync'
> {
  /** The request's cookies and a way to write the response's. */
  cookies: RequestCookies;
  /**
   * The request's URL: cookies are `Secure` when it is https. Behind a proxy that ends TLS,
   * build it from `x-forwarded-proto`, or pass `secure`.
   * @example url: request.url
   */
  url?: string | URL;
  /**
   * Whether cookies are `Secure`.
   * @default `true`, or whether `url` is https when given
   */
  secure?: boolean;
  /**
   * Lifetime of the token cookie in days: the refresh token's (the emulator's refresh tokens live
   * 30 days; set it to your store's).
   * @default 30
   */
  cookieDays?: number;
  /**
   * Writes the token cookie `HttpOnly`, so page scripts cannot read the refresh token. The
   * browser's client then gets access tokens from your server's session endpoint
   * ({@link answerSessionRequest}, `sessionEndpoint(url)` in the browser) instead of the cookie.
   * @default false
   */
  httpOnly?: boolean;
  /**
   * When a request without a session gets its visitor: `'at-once'`, before the client is
   * returned; `'on-first-use'`, on the first call that needs a token (a cart write, a sign-in),
   * so that a request that only looks (a crawler, a page view, a server component reading the
   * role) costs no token grant. A session the request has is made valid at once either way.
   * @default 'at-once'
   */
  mint?: 'at-once' | 'on-first-use';
}

// The storage of each server client, for reading its session's identity (released with it).
const storages = new WeakMap<StoreClient, TokenStorage>();

/**
 * The identity id of a server client's session: an opaque word (not a secret), the same across
 * renewals, new with each new visitor, sign-in and sign-out. The browser's client on a session
 * endpoint holds the same id, so a page can tell whether the two are the same shopper.
 * `undefined` without tokens, or for a client not made by {@link createServerStoreClient}.
 *
 * @example const identity = sessionIdentity(store); // 'k3J9…'
 */
export function sessionIdentity(store: StoreClient): string | undefined {
  const text = storages.get(store)?.getItem(`vitrine:${store.clientId}:tokens`);
  if (typeof text !== 'string') return undefined;
  try {
    const { identity } = JSON.parse(text) as { identity?: unknown };
    return typeof identity === 'string' ? identity : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client of one server request, with tokens ready: valid tokens from the request's cookies
 * are used as they are; tokens about to expire are renewed once; a request with none gets a
 * new visitor (at once, or with `mint: 'on-first-use'` on its first call that needs one). New tokens are written to the response as `SameSite=Lax`, `Path=/` cookies,
 * `Secure` on https, which the browser client (`cookieStorage()`) reads: no second grant.
 *
 * Works wherever a request's cookies can be read: Next.js proxy (middleware), route handlers
 * and server components, Express, React Router loaders, plain `node:http`. The client holds
 * nothing global (no channel, timer or listener); call `dispose()` when the request ends.
 *
 * @example
 * // Next.js route handler or server component
 * import { cookies } from 'next/headers';
 * const store = await createServerStoreClient({ clientId, baseUrl, cookies: await cookies() });
 * const page = await store.products.query({ paging: { limit: 12 } });
 * @throws {StoreArgumentError} for invalid options (see {@link createStoreClient}).
 * @throws {StoreAuthError} when the tokens cannot be made valid: `SESSION_ENDED` when the
 * platform ended a member's session (its cookie is removed, so the next request starts as a
 * visitor), `TOKEN_ENDPOINT_UNREACHABLE` and other retryable codes when the platform could not
 * be reached.
 */
export async function createServerStoreClient(
  options: ServerStoreClientOptions,
): Promise<StoreClient> {
  const { cookies, url, secure, cookieDays, httpOnly, mint, ...clientOptions } = options;
  if (typeof cookies?.get !== 'function') {
    throw new StoreArgumentError('options.cookies', 'must have a get(name) function');
  }
  if (mint !== undefined && mint !== 'at-once' && mint !== 'on-first-use') {
    throw new StoreArgumentError('options.mint', "must be 'at-once' or 'on-first-use'");
  }
  const storage = cookieStorage({
    get: (name) => cookieValue(cookies.get(name)),
    set: (name, value, attributes) => {
      if (typeof cookies.set !== 'function') throw new Error('the response cannot be changed');
      cookies.set(name, value, attributes);
    },
    secure: secure ?? (url === undefined ? true : isHttps(url)),
    ...(cookieDays === undefined ? {} : { days: cookieDays }),
    ...(httpOnly === true ? { httpOnly } : {}),
  });
  const store = createStoreClient({ ...clientOptions, storage, tabSync: false });
  storages.set(store, storage);
  // No session, and none wanted yet: the first call that needs a token mints it.
  if (mint === 'on-first-use' && store.auth.getTokens() === undefined) return store;
  try {
    await store.auth.getAuthHeaders();
  } catch (error) {
    store.dispose();
    throw error;
  }
  return store;
}

/** A cookie's value as `RequestCookies.get` gives it (a string, or Next.js's `{ value }`). */
export function cookieValue(
  cookie: string | { value: string } | null | undefined,
): string | undefined {
  if (typeof cookie === 'string') return cookie;
  return typeof cookie?.value === 'string' ? cookie.value : undefined;
}

function isHttps(url: string | URL): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    throw new StoreArgumentError('options.url', 'must be the absolute URL of the request');
  }
}
