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
} from '../shared/cookies.js';
import type { StoreConfig } from '../server/store-config.js';

/** What preparing a session wrote, to apply to the request and the response. */
export interface PreparedSession {
  /** Cookies to write (and, with `maxAge: 0`, to delete). */
  cookies: CookieToWrite[];
  /** The session's identity, when there is one. */
  identity: string | undefined;
}

/** The server client options of a request, its cookie writes collected in `written`. */
export function requestClientOptions(
  config: StoreConfig,
  request: NextRequest,
  written: CookieToWrite[],
  secure: boolean,
): ServerStoreClientOptions {
  const jar = new Map(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value]));
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
 * A server client of the request with valid tokens, and whether it minted a new visitor (where
 * there was no session, or where the platform ended a member's). Its cookie writes land in the
 * options' `set`; the caller disposes it.
 */
export async function sessionClient(
  options: ServerStoreClientOptions,
  hadSession: boolean,
): Promise<{ store: StoreClient; minted: boolean }> {
  try {
    return { store: await createServerStoreClient(options), minted: !hadSession };
  } catch (error) {
    if (!isStoreAuthError(error) || error.code !== 'SESSION_ENDED') throw error;
    // The platform ended the member's session and its cookie is gone: mint the visitor here,
    // where its cookie can be written.
    return { store: await createServerStoreClient(options), minted: true };
  }
}

// Renewals under way, by the session cookie they renew: parallel requests of one browser (a page
// and its prefetches) wait for one renewal and write its cookies, instead of each renewing.
const renewing = new Map<string, Promise<PreparedSession>>();

/**
 * Makes the request's session valid. `mint`: whether a request without a session gets a new
 * visitor (a page view does; a prefetch does not).
 */
export async function prepareSession(
  config: StoreConfig,
  request: NextRequest,
  { mint, secure }: { mint: boolean; secure: boolean },
): Promise<PreparedSession> {
  const name = sessionCookieName(config.clientId);
  const current = request.cookies.get(name)?.value;
  if (current === undefined && !mint) return { cookies: [], identity: undefined };
  if (current === undefined) return runPrepare(config, request, secure);
  const known = knownSession(config, request);
  if (known !== undefined) return { cookies: [], identity: known };
  let shared = renewing.get(current);
  if (shared === undefined) {
    shared = runPrepare(config, request, secure);
    renewing.set(current, shared);
    void shared.finally(() => renewing.delete(current)).catch(() => {});
  }
  return shared;
}

/**
 * The identity of a session that needs nothing this view: its access token is not due for
 * renewal and the request holds its hint. Read from the cookies alone (no client, no call), as
 * most page views are: what a server client would have found, without building one.
 */
function knownSession(config: StoreConfig, request: NextRequest): string | undefined {
  const session = readRequestSession({ clientId: config.clientId, cookies: request.cookies });
  if (session === undefined || session.renewalDue) return undefined;
  const hint = request.cookies.get(cartHintCookieName(config.clientId))?.value;
  return hintOf(hint, session.identity) === undefined ? undefined : session.identity;
}

async function runPrepare(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<PreparedSession> {
  const written: CookieToWrite[] = [];
  const hadSession = request.cookies.has(sessionCookieName(config.clientId));
  const { store, minted } = await sessionClient(
    requestClientOptions(config, request, written, secure),
    hadSession,
  );
  try {
    const identity = sessionIdentity(store);
    const hint = await hintToWrite(config, request, store, { identity, minted, secure });
    if (hint !== undefined) written.push(hint);
    return { cookies: written, identity };
  } finally {
    store.dispose();
  }
}

/**
 * The shopper's hint to write, when the request has none of this session's identity: a visitor
 * minted here has no cart; any other session's cart is read once (one platform call), and its
 * item count kept in the hint, so that its page views ask the platform nothing.
 */
async function hintToWrite(
  config: StoreConfig,
  request: NextRequest,
  store: StoreClient,
  { identity, minted, secure }: { identity: string | undefined; minted: boolean; secure: boolean },
): Promise<CookieToWrite | undefined> {
  if (identity === undefined) return undefined;
  const name = cartHintCookieName(config.clientId);
  if (!minted && hintOf(request.cookies.get(name)?.value, identity) !== undefined) return undefined;
  let itemCount = 0;
  if (!minted) {
    const snapshot = await readStoreSnapshot(store);
    // A cart that could not be read: no hint; the next view tries again.
    if (snapshot.cart === undefined) return undefined;
    itemCount = snapshot.cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  }
  const role = store.auth.role === 'member' ? 'member' : 'visitor';
  const value = shopperHintValue({ itemCount, role, identity, clientId: config.clientId });
  return shopCookie(name, value, { secure, maxAge: HINT_MAX_AGE, httpOnly: false });
}
