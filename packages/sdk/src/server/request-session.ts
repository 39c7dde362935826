/**
 * What a request's token cookie says, read without a client and without a call: for a server's
 * fast path. A proxy that runs on every page view need build no client (and call nothing) for a
 * session that is valid and already known to it.
 */
import { StoreArgumentError, cookieStorage } from '../index.js';
import { RENEWAL_MARGIN_MS } from '../auth/tokens/renewal.js';
import { readTokenRecord } from '../auth/tokens/stored-tokens.js';
import { cookieValue, type RequestCookies } from './create-server-store-client.js';

/** A request's session as its token cookie holds it (see {@link readRequestSession}). */
export interface RequestSession {
  /** The session's identity id, as {@link sessionIdentity} gives it. */
  identity: string;
  /** Whom the tokens are for. */
  role: 'visitor' | 'member';
  /**
   * Whether the access token expires within the renewal margin (a minute), or has expired: a
   * client made for this request ({@link createServerStoreClient}) would renew it first.
   */
  renewalDue: boolean;
}

/** Options of {@link readRequestSession}. */
export interface ReadRequestSessionOptions {
  /** The store's client id (the cookie's name carries it). */
  clientId: string;
  /** The request's cookies; only read. */
  cookies: Pick<RequestCookies, 'get'>;
  /**
   * The time to judge the access token's expiry by, in ms since the epoch.
   * @default Date.now()
   */
  now?: number;
}

/**
 * The request's session from its token cookie, or `undefined` when it has none or the cookie is
 * partial or corrupt. Makes no call and holds nothing; tokens are not returned. Where
 * `renewalDue` is `false`, {@link createServerStoreClient} would use the tokens as they are and
 * write nothing.
 *
 * @example
 * // A proxy: nothing to do for a valid session
 * const session = readRequestSession({ clientId, cookies: request.cookies });
 * if (session !== undefined && !session.renewalDue) return NextResponse.next();
 * @throws {StoreArgumentError} when `clientId` is not a non-empty string or `cookies` has no
 * `get(name)` function.
 */
export function readRequestSession(options: ReadRequestSessionOptions): RequestSession | undefined {
  const { clientId, cookies, now = Date.now() } = options;
  if (typeof clientId !== 'string' || clientId === '') {
    throw new StoreArgumentError('options.clientId', 'must be a non-empty string');
  }
  if (typeof cookies?.get !== 'function') {
    throw new StoreArgumentError('options.cookies', 'must have a get(name) function');
  }
  const storage = cookieStorage({
    get: (name) => cookieValue(cookies.get(name)),
    // Only read: nothing is ever written through it.
    set: () => {},
  });
  const record = readTokenRecord(storage, `vitrine:${clientId}:tokens`);
  const role = record?.tokens.refreshToken.role;
  if (record === undefined || role === undefined || role === 'none') return undefined;
  return {
    identity: record.identity,
    role,
    // The same test as the client's renewal, for tokens read from storage (no receipt time).
    renewalDue: record.tokens.accessToken.expiresAt * 1000 - now <= RENEWAL_MARGIN_MS,
  };
}
