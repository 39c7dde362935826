/**
 * The grants of `POST /oauth2/token`: anonymous (a new visitor), refresh_token (rotation.ts),
 * authorization_code (PKCE, one attempt per code) and authorized_client (a server signing a member
 * on with the API key). Each changes state synchronously and refuses with an OAuth error; the
 * token service runs them in a store transaction.
 */
import type { EmulatorContext } from '../context.js';
import { OAuthError } from '../http/errors.js';
import type { Transaction } from '../models/state.js';
import { findClient } from './clients.js';
import { callerFromHeader } from './credentials.js';
import type { TokenResponse } from '../models/tokens.js';
import { VERIFIER_PATTERN, verifierMatches } from './pkce.js';
import { rotateRefreshToken } from './rotation.js';
import { consumeSessionToken } from './session-tokens.js';
import { randomId } from '../crypto/random.js';
import { hashSecret, safeEqual } from '../crypto/hash.js';
import type { Params } from './token-request.js';
import { pick, required } from './token-request.js';
import { findCaller, issueTokens, revokeFamily } from './tokens.js';

function requireClient(ctx: EmulatorContext, params: Params): string {
  const clientId = required(params, 'clientId', 'client_id');
  if (!findClient(ctx, clientId))
    throw new OAuthError('invalid_client', 'The client id is not registered');
  return clientId;
}

/** A new visitor's first tokens. */
export function anonymousGrant(
  ctx: EmulatorContext,
  tx: Transaction,
  params: Params,
): TokenResponse {
  const clientId = requireClient(ctx, params);
  return issueTokens(ctx, tx, { clientId, role: 'visitor', visitorId: randomId() }).tokens;
}

/** The family's next pair for a refresh token. */
export function refreshGrant(ctx: EmulatorContext, tx: Transaction, params: Params): TokenResponse {
  const clientId = pick(params, 'clientId', 'client_id');
  if (clientId !== undefined && !findClient(ctx, clientId)) {
    throw new OAuthError('invalid_client', 'The client id is not registered');
  }
  return rotateRefreshToken(ctx, tx, required(params, 'refreshToken', 'refresh_token'), clientId);
}

/** A member's tokens for an authorization code and its PKCE verifier. */
export function codeGrant(ctx: EmulatorContext, tx: Transaction, params: Params): TokenResponse {
  const clientId = requireClient(ctx, params);
  const redirectUri = required(params, 'redirectUri', 'redirect_uri');
  const code = required(params, 'code');
  const verifier = pick(params, 'codeVerifier', 'code_verifier');
  const s = tx.state;
  const record = s.authCodes[hashSecret(code)];
  if (!record) throw new OAuthError('invalid_grant', 'The authorization code is unknown');
  if (record.used) {
    // A replayed code means it leaked: end whatever its first exchange started (RFC 6749 §4.1.2).
    if (record.familyId !== undefined) revokeFamily(tx, record.familyId);
    throw new OAuthError('invalid_grant', 'The authorization code was already used');
  }
  // One attempt per code, right or wrong, so a leaked code cannot be tried against verifiers.
  record.used = true;
  if (record.expiresAt <= ctx.now())
    throw new OAuthError('invalid_grant', 'The authorization code has expired');
  if (record.clientId !== clientId)
    throw new OAuthError('invalid_grant', 'The authorization code was issued to another client');
  if (record.redirectUri !== redirectUri)
    throw new OAuthError(
      'invalid_grant',
      'The redirect URI does not match the authorization request',
    );
  if (verifier === undefined || verifier === '')
    throw new OAuthError('invalid_grant', 'codeVerifier is required (PKCE)');
  if (!VERIFIER_PATTERN.test(verifier)) {
    throw new OAuthError(
      'invalid_grant',
      'codeVerifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
    );
  }
  if (!verifierMatches(verifier, record.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'codeVerifier does not match the code challenge');
  }
  if (!s.members[record.memberId])
    throw new OAuthError('invalid_grant', 'The member no longer exists');
  const issued = issueTokens(ctx, tx, { clientId, role: 'member', memberId: record.memberId });
  record.familyId = issued.familyId;
  return issued.tokens;
}

/** A member's tokens for a server holding the API key and a visitor's access token. */
export function authorizedClientGrant(
  ctx: EmulatorContext,
  tx: Transaction,
  params: Params,
  authorization: string | undefined,
): TokenResponse {
  if (authorization === undefined || authorization === '') {
    throw new OAuthError(
      'invalid_client',
      'The Authorization header must hold "<access token>,<api key>"',
    );
  }
  const comma = authorization.lastIndexOf(',');
  const accessToken = comma < 0 ? '' : authorization.slice(0, comma).trim();
  const apiKey = comma < 0 ? '' : authorization.slice(comma + 1).trim();
  if (!accessToken || !apiKey) {
    throw new OAuthError(
      'invalid_client',
      'The Authorization header must hold "<access token>,<api key>"',
    );
  }
  const caller = findCaller(ctx, accessToken);
  if (!caller) throw new OAuthError('invalid_client', 'The access token is invalid or expired');
  if (!safeEqual(apiKey, ctx.options.apiKey))
    throw new OAuthError('invalid_client', 'The API key is not valid');
  // With a sign-on's session token (the official client's external login "with session") the
  // scope is left out; without one it must be named.
  const sessionToken = pick(params, 'session_token', 'sessionToken');
  const scope = sessionToken === undefined ? required(params, 'scope') : pick(params, 'scope');
  if (scope !== undefined && scope !== 'offline_access')
    throw new OAuthError('invalid_request', 'scope must be offline_access');
  const memberId = required(params, 'member_id', 'memberId');
  if (!tx.state.members[memberId]) throw new OAuthError('invalid_grant', 'No member has this id');
  if (
    sessionToken !== undefined &&
    consumeSessionToken(ctx, tx, hashSecret(sessionToken)) !== memberId
  )
    throw new OAuthError('invalid_grant', 'The session token is not a valid one of this member');
  return issueTokens(ctx, tx, { clientId: caller.clientId, role: 'member', memberId }).tokens;
}

/**
 * These grants take no `Authorization`; one that is sent must still be a credential the emulator
 * knows (RFC 6749 §5.2: a failed client authentication by header answers 401 invalid_client).
 */
export function checkClientAuthorization(ctx: EmulatorContext, authorization: string): void {
  try {
    callerFromHeader(ctx, authorization);
  } catch {
    throw new OAuthError('invalid_client', 'The Authorization header holds no valid credential');
  }
}
