/**
 * The shopper's session as the proxy keeps it: made valid before anything renders (a new visitor
 * minted once, an expiring token renewed once), written to the request's cookies (which this
 * request's server components read) and the response's (which the browser keeps), the refresh
 * token in an HttpOnly cookie.
 */
import type { NextRequest } from 'next/server';
import { isStoreAuthError, type CookieAttributes, type StoreClient } from '@vitrine/sdk';
import {
  createServerStoreClient,
  readRequestSession,
  readStoreSnapshot,
  sessionIdentity,
  type RequestSession,
  type ServerStoreClientOptions,
} from '@vitrine/sdk/server';
import {
  HINT_MAX_AGE,
  cartHintCookieName,
  hintOf,
  sessionCookieName,
  shopCookie,
  shopperHintValue,
  type CookieToWrite,
  type ShopperHint,
} from '../shared/cookies.js';
import type { StoreConfig } from '../server/store-config.js';
import { hasEnded } from '../server/ended-sessions.js';

/** What preparing a session wrote, to apply to the request and the response. */
export interface PreparedSession {
  /** Cookies to write (and, with `maxAge: 0`, to delete). */
  cookies: CookieToWrite[];
  /** The session's identity, when there is one. */
  identity: string | undefined;
}

/**
 * The server client options of a request, its cookie writes collected in `written`. A session
 * signed out here and presented again is left out (its deletion written): the client starts
 * without it.
 */
export function requestClientOptions(
  config: StoreConfig,
  request: NextRequest,
  written: CookieToWrite[],
  secure: boolean,
): ServerStoreClientOptions {
  const jar = new Map(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value]));
  const session = readRequestSession({ clientId: config.clientId, cookies: request.cookies });
  if (hasEnded(session?.identity)) {
    for (const cookie of forgetSession(config, request, secure)) {
      jar.delete(cookie.name);
      written.push(cookie);
    }
  }
  return {
    clientId: config.clientId,
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
    secure,
    httpOnly: true,
    cookies: {
      get: (name) => jar.get(name),
      set: (name, value, attributes: CookieAttributes) => {
        if (attributes.maxAge === 0) jar.delete(name);
        else jar.set(name, value);
        written.push({
          name,
          value,
          options: {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: attributes.secure,
            maxAge: attributes.maxAge,
          },
        });
      },
    },
  };
}

/**
 * A server client of the request with valid tokens: a new visitor where there was no session, or
 * where the platform ended a member's. Its cookie writes land in the options' `set`; the caller
 * disposes it.
 */
export async function sessionClient(options: ServerStoreClientOptions): Promise<StoreClient> {
  try {
    return await createServerStoreClient(options);
  } catch (error) {
    if (!isStoreAuthError(error) || error.code !== 'SESSION_ENDED') throw error;
    // The platform ended the member's session and its cookie is gone: mint the visitor here,
    // where its cookie can be written.
    return await createServerStoreClient(options);
  }
}

// Renewals under way, by the session they renew (its whole token cookie, every chunk of it):
// parallel requests of one browser (a page and its prefetches) wait for one renewal and write
// its cookies, instead of each renewing. Never by a part of the cookie that two sessions can
// share (a split cookie's head is `v1c.<chunks>` for every one of them). The key is made at once,
// with no await before the lookup: a request must find a renewal still under way.
const renewing = new Map<string, Promise<PreparedSession>>();

/**
 * Makes the request's session valid, when it has one: an access token due for renewal renewed
 * (once for parallel requests of the same session), a session without its hint (or back from
 * the hosted checkout, whose order emptied the cart) given one. A request without a session
 * gets none here: the visitor is minted on first use (a cart write, a sign-in, the browser's
 * session request), so a crawler, a prefetch or a visitor who only looks costs no grant.
 */
export async function prepareSession(
  config: StoreConfig,
  request: NextRequest,
  { secure }: { secure: boolean },
): Promise<PreparedSession> {
  const name = sessionCookieName(config.clientId);
  if (!request.cookies.has(name)) return { cookies: [], identity: undefined };
  const session = readRequestSession({ clientId: config.clientId, cookies: request.cookies });
  if (hasEnded(session?.identity))
    return { cookies: forgetSession(config, request, secure), identity: undefined };
  const known = knownSession(config, request, session);
  if (known !== undefined) return { cookies: [], identity: known };
  const key = sessionKey(name, request);
  let shared = renewing.get(key);
  if (shared === undefined) {
    shared = runPrepare(config, request, secure);
    renewing.set(key, shared);
    void shared.finally(() => renewing.delete(key)).catch(() => {});
  }
  return shared;
}

/**
 * The deletions of the request's session cookies (a split one's chunks too) and its hint: a
 * session signed out here, presented again (see ended-sessions.ts).
 */
export function forgetSession(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): CookieToWrite[] {
  const name = sessionCookieName(config.clientId);
  const names = request.cookies
    .getAll()
    .map((cookie) => cookie.name)
    .filter((cookie) => cookie === name || cookie.startsWith(`${name}.`));
  return [...names, cartHintCookieName(config.clientId)].map((cookie) =>
    shopCookie(cookie, '', {
      secure,
      maxAge: 0,
      httpOnly: cookie !== cartHintCookieName(config.clientId),
    }),
  );
}

/** The session's token cookie, all of it: a split one's head and every chunk. */
function sessionKey(name: string, request: NextRequest): string {
  const head = request.cookies.get(name)?.value ?? '';
  const parts = [head];
  const chunks = /^v1c\.(\d{1,2})$/.exec(head);
  for (let i = 0; i < Math.min(Number(chunks?.[1] ?? 0), 20); i++) {
    parts.push(request.cookies.get(`${name}.${i}`)?.value ?? '');
  }
  return parts.join('\n');
}

/**
 * The identity of a session that needs nothing this view: its access token is not due for
 * renewal and the request holds its hint (and is not the hosted checkout's return). Read from
 * the cookies alone (no client, no call), as most page views are: what a server client would
 * have found, without building one.
 */
function knownSession(
  config: StoreConfig,
  request: NextRequest,
  session: RequestSession | undefined,
): string | undefined {
  if (session === undefined || session.renewalDue) return undefined;
  const hint = request.cookies.get(cartHintCookieName(config.clientId))?.value;
  return hintIsCurrent(request, hintOf(hint, session.identity)) ? session.identity : undefined;
}

/** Whether `held` (the request's hint of its session) needs no reading of the cart. */
function hintIsCurrent(request: NextRequest, held: ShopperHint | undefined): boolean {
  return held !== undefined && !(isCheckoutReturn(request) && held.itemCount > 0);
}

/**
 * The hosted checkout's return (its thank-you address gets `?orderId=`): the order emptied the
 * cart, so the hint's count is read again.
 */
function isCheckoutReturn(request: NextRequest): boolean {
  return request.method === 'GET' && request.nextUrl.searchParams.has('orderId');
}

async function runPrepare(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<PreparedSession> {
  const written: CookieToWrite[] = [];
  const hint = cartHintCookieName(config.clientId);
  let store: StoreClient;
  try {
    store = await createServerStoreClient({
      ...requestClientOptions(config, request, written, secure),
      mint: 'on-first-use',
    });
  } catch (error) {
    if (!isStoreAuthError(error) || error.code !== 'SESSION_ENDED') throw error;
    // The platform ended the session (its cookie is gone): no session until the next first use,
    // and no hint of it (the header would show the ended member's count).
    written.push(shopCookie(hint, '', { secure, maxAge: 0, httpOnly: false }));
    return { cookies: written, identity: undefined };
  }
  try {
    const identity = sessionIdentity(store);
    const kept = await hintToWrite(config, request, store, { identity, secure });
    if (kept !== undefined) written.push(kept);
    return { cookies: written, identity };
  } finally {
    store.dispose();
  }
}

/**
 * The shopper's hint to write, when the request has none of this session's identity (or comes
 * back from the hosted checkout): the session's cart is read once (one platform call), and its
 * item count kept in the hint, so that its page views ask the platform nothing.
 */
async function hintToWrite(
  config: StoreConfig,
  request: NextRequest,
  store: StoreClient,
  { identity, secure }: { identity: string | undefined; secure: boolean },
): Promise<CookieToWrite | undefined> {
  if (identity === undefined) return undefined;
  const name = cartHintCookieName(config.clientId);
  if (hintIsCurrent(request, hintOf(request.cookies.get(name)?.value, identity))) return undefined;
  const snapshot = await readStoreSnapshot(store);
  // A cart that could not be read: no hint; the next view tries again.
  if (snapshot.cart === undefined) return undefined;
  const itemCount = snapshot.cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  const role = store.auth.role === 'member' ? 'member' : 'visitor';
  const value = shopperHintValue({ itemCount, role, identity, clientId: config.clientId });
  return shopCookie(name, value, { secure, maxAge: HINT_MAX_AGE, httpOnly: false });
}
