/**
 * The grants of a client whose session lives on the shop's server (a token-mediating backend):
 * both renewals (a first visitor, a refresh) ask the server's session endpoint, with the page's
 * cookies, for an access token of the session it keeps. The refresh token never reaches this
 * client; in its place the tokens hold the server's identity id (not a secret: it grants
 * nothing), so an identity the server changed (a sign-in or sign-out there) reads as a new
 * identity here and in the other tabs. Loaded the first time a token is needed.
 */
import { isJsonObject, parseJsonSafely } from '../../internal/json.js';
import type { Tokens } from '../../models/tokens.js';
import { StoreAuthError } from '../store-auth-error.js';
import { readTokenResponse } from './token-endpoint.js';
import { readTextAtMost } from '../../http/read-at-most.js';

/** What a client needs to reach the session endpoint. */
export interface SessionClientDeps {
  fetch: typeof fetch;
  /** Time limit of one request, in ms. */
  timeout: number;
  now: () => number;
}

/** The client's tokens: the access token it holds tells the server to renew, not hand it back. */
export interface HeldTokens {
  getState(): { tokens: Tokens | undefined };
}

/** Header every session request carries: a cross-site form cannot send it. */
export const SESSION_REQUEST_HEADER = 'x-vitrine-session';

// The endpoint answers a few hundred bytes; anything much bigger is not its answer.
const MAX_ANSWER_BYTES = 32_768;

// An identity id is a short opaque word of the server's (the SDK's are PKCE-safe characters).
const IDENTITY_PATTERN = /^[\w.~-]{1,128}$/;

/**
 * Asks the session endpoint at `url` for a valid access token. The access token this client
 * holds (refused by the platform, or about to expire), sent as `stale`, tells the server to
 * renew rather than hand it back.
 *
 * @throws {StoreAuthError} `TOKEN_ENDPOINT_UNREACHABLE` (retryable) when no answer came in time,
 * `TOKEN_REQUEST_FAILED` for any status but 200 (retryable for 5xx and 429),
 * `INVALID_TOKEN_RESPONSE` for an answer that is not a session; the caller's abort rethrows its
 * reason.
 */
export async function requestSession(
  url: string,
  options: SessionClientDeps,
  held: HeldTokens,
  signal?: AbortSignal,
): Promise<Tokens> {
  const endpoint = new URL(url, globalThis.location?.href).href;
  const stale = held.getState().tokens?.accessToken.value;
  // A timer of the page's own (not AbortSignal.timeout), so fake clocks in tests drive it too.
  const timer = new AbortController();
  const stop = setTimeout(() => timer.abort(new Error('timed out')), options.timeout);
  let response: Response;
  let text: string | undefined;
  try {
    response = await options.fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SESSION_REQUEST_HEADER]: '1' },
      body: JSON.stringify(stale === undefined ? {} : { stale }),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: signal === undefined ? timer.signal : AbortSignal.any([signal, timer.signal]),
    });
    text = await readTextAtMost(response, MAX_ANSWER_BYTES);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new StoreAuthError({
      code: 'TOKEN_ENDPOINT_UNREACHABLE',
      message:
        'something went wrong: the session endpoint could not be reached (network or timeout)',
      retryable: true,
      cause: error,
      secrets: stale === undefined ? [] : [stale],
    });
  } finally {
    clearTimeout(stop);
  }
  if (response.status !== 200) {
    throw new StoreAuthError({
      code: 'TOKEN_REQUEST_FAILED',
      message: `something went wrong: the session endpoint answered ${response.status}`,
      retryable: response.status >= 500 || response.status === 429,
      status: response.status,
    });
  }
  // An answer past the bound reads as no answer at all: it is not a session.
  return readSession(text === undefined ? undefined : parseJsonSafely(text), options.now());
}

/** The session endpoint's answer: `{ access_token, expires_in, role, identity }`. */
function readSession(body: unknown, nowMs: number): Tokens {
  if (!isJsonObject(body)) throw invalidSession('the answer is not a JSON object');
  const { role, identity } = body;
  if (role !== 'visitor' && role !== 'member') throw invalidSession('role is missing or invalid');
  if (typeof identity !== 'string' || !IDENTITY_PATTERN.test(identity)) {
    throw invalidSession('identity is missing or invalid');
  }
  // The identity stands where a refresh token would: what tells two identities apart. A
  // refresh token in the answer would be a server's mistake; it is not kept.
  return readTokenResponse({ ...body, refresh_token: undefined }, role, nowMs, identity);
}

function invalidSession(problem: string): StoreAuthError {
  return new StoreAuthError({
    code: 'INVALID_TOKEN_RESPONSE',
    message: `The session endpoint answered 200 without a valid session: ${problem}`,
  });
}

/** Member sign-in methods that would hold a refresh token here, refused for a server's session. */
export const SERVER_SIGN_IN_METHODS = [
  'getMemberTokens',
  'loginWithRedirect',
  'getMemberTokensForDirectLogin',
  'register',
  'login',
  'processVerification',
  'getMemberTokensForExternalLogin',
  'handleRedirectCallback',
  'logout',
] as const;

/** The error of a sign-in method called on a client whose session lives on the shop's server. */
export function signInRefused(method: string): StoreAuthError {
  return new StoreAuthError({
    code: 'NOT_SUPPORTED',
    message: `store.auth.${method} is not available with a session endpoint: the session lives on your server, so members sign in and out there (with @vitrine/next, its sign-in and sign-out forms)`,
  });
}
