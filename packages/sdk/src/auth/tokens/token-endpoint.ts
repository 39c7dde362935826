/**
 * The token endpoint (`POST /oauth2/token` at the root of the API host): how a grant is sent,
 * the strict reading of its answers, and its failures turned into {@link StoreAuthError}s
 * ('something went wrong' for any status but 200). The grants themselves are in
 * renewal-grants.ts (anonymous, refresh) and member-grants.ts (the two that make member tokens).
 */
import { isJsonObject } from '../../internal/json.js';
import { loadOnFirstUse } from '../../http/load-on-first-use.js';
import type { Transport } from '../../http/transport.js';
import type { TokenRole, Tokens } from '../../models/tokens.js';
import { StoreAuthError } from '../store-auth-error.js';
import { hasControlCharacters } from '../../internal/checks.js';

/** Path of the token endpoint, at the root of the API host. */
export const TOKEN_PATH = '/oauth2/token';

/** Longest `expires_in` accepted, in seconds (one year); anything longer is a broken answer. */
export const MAX_EXPIRES_IN = 31_536_000;

const loadGrantErrors = /* @__PURE__ */ loadOnFirstUse(() => import('./grant-errors.js'));

// Token values longer than this are not tokens (and would not fit in a header).
const MAX_TOKEN_LENGTH = 16_384;

/** How one grant is sent. */
export interface GrantRequestOptions {
  /** Retried on network errors and 429/502/503/504 even though it is a POST. */
  retry: boolean;
  /** Values the request carries that must never reach an error. */
  secrets: string[];
  /** An exact `Authorization` header; none by default. */
  authorization?: { header: string };
  signal?: AbortSignal | undefined;
}

/**
 * Sends one grant to the token endpoint and returns its answer's JSON object.
 *
 * @throws {StoreAuthError} for any failure (see {@link toGrantError}), or the signal's reason
 * once it aborted.
 */
export async function requestGrant(
  transport: Transport,
  body: Record<string, string>,
  options: GrantRequestOptions,
): Promise<Record<string, unknown>> {
  try {
    return await transport.request({
      method: 'POST',
      path: TOKEN_PATH,
      body,
      authorization: options.authorization ?? 'none',
      retry: options.retry,
      secrets: options.secrets,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // How a refusal reads loads with the first one: a first page's grants succeed.
    const { toGrantError } = await loadGrantErrors();
    throw toGrantError(error, options.secrets);
  }
}

/**
 * Reads a token endpoint answer strictly: string tokens, a finite positive `expires_in` of at
 * most a year. Expiry is the local receive time plus `expires_in`.
 *
 * @param keepRefreshToken for a refresh: the refresh token to keep when the answer has none.
 * @throws {StoreAuthError} `INVALID_TOKEN_RESPONSE` naming the broken field (never its value).
 */
export function readTokenResponse(
  body: unknown,
  role: TokenRole,
  nowMs: number,
  keepRefreshToken?: string,
): Tokens {
  if (!isJsonObject(body)) throw invalidResponse('the answer is not a JSON object');
  const accessToken = body.access_token;
  if (!isTokenString(accessToken)) throw invalidResponse('access_token is missing or not a string');
  let refreshToken = body.refresh_token;
  if (refreshToken === undefined && keepRefreshToken !== undefined) refreshToken = keepRefreshToken;
  if (!isTokenString(refreshToken)) {
    throw invalidResponse('refresh_token is missing or not a string');
  }
  const expiresIn = body.expires_in;
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) {
    throw invalidResponse('expires_in is missing or not a number');
  }
  if (expiresIn <= 0 || expiresIn > MAX_EXPIRES_IN) {
    throw invalidResponse(`expires_in must be more than 0 and at most ${MAX_EXPIRES_IN} seconds`);
  }
  return {
    accessToken: { value: accessToken, expiresAt: Math.floor(nowMs / 1000 + expiresIn) },
    refreshToken: { value: refreshToken, role: role === 'none' ? 'visitor' : role },
  };
}

function isTokenString(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_TOKEN_LENGTH &&
    // A header value cannot hold spaces or control characters, nor commas (the API key separator).
    !/[\s,]/.test(value) &&
    !hasControlCharacters(value)
  );
}

function invalidResponse(problem: string): StoreAuthError {
  return new StoreAuthError({
    code: 'INVALID_TOKEN_RESPONSE',
    message: `The token endpoint answered 200 without valid tokens: ${problem}`,
  });
}
