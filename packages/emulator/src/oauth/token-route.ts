/**
 * `POST /oauth2/token`: the anonymous, refresh_token, authorization_code and authorized_client
 * grants. Answers carry `Cache-Control: no-store`; errors use the OAuth shape
 * (docs/wire-conventions.md "Token endpoint errors").
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { callerFromHeader } from '../http/auth.js';
import { readText } from '../http/body.js';
import { ApiError, OAuthError } from '../http/errors.js';
import { consumeSessionToken } from '../identity/service.js';
import { findClient } from './clients.js';
import type { GrantType } from './grant-counts.js';
import type { TokenResponse } from './model.js';
import { VERIFIER_PATTERN, verifierMatches } from './pkce.js';
import { hashSecret, randomId, safeEqual } from './secrets.js';
import { rotateRefreshToken } from './rotation.js';
import { findCaller, issueTokens, revokeFamily } from './tokens.js';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** Fields each grant accepts, besides the grant type and client id. */
const GRANT_FIELDS: Record<string, readonly string[]> = {
  anonymous: ['scope'],
  refresh_token: ['refreshToken', 'refresh_token', 'scope'],
  authorization_code: [
    'redirectUri',
    'redirect_uri',
    'code',
    'codeVerifier',
    'code_verifier',
    'scope',
  ],
  authorized_client: ['scope', 'member_id', 'memberId', 'session_token', 'sessionToken'],
};
const COMMON_FIELDS = ['grantType', 'grant_type', 'clientId', 'client_id'];
const MAX_FIELD_LENGTH = 4096;

type Params = Record<string, string>;

async function readParams(c: Context): Promise<Params> {
  let text: string;
  try {
    text = await readText(c);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413)
      throw new OAuthError('invalid_request', 'The request body is too large');
    throw error;
  }
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (type !== 'application/json') {
    throw new OAuthError('invalid_request', 'Send the request as application/json');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_request', 'The body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'The body must be a JSON object');
  }
  const params: Params = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string')
      throw new OAuthError('invalid_request', `${key} must be a string`);
    params[key] = value;
  }
  return params;
}

function pick(params: Params, ...names: string[]): string | undefined {
  for (const name of names) if (Object.hasOwn(params, name)) return params[name];
  return undefined;
}

function required(params: Params, ...names: string[]): string {
  const value = pick(params, ...names);
  if (value === undefined || value === '')
    throw new OAuthError('invalid_request', `${names[0]} is required`);
  return value;
}

function checkFields(params: Params, grant: string): void {
  const allowed = [...COMMON_FIELDS, ...(GRANT_FIELDS[grant] ?? [])];
  for (const [key, value] of Object.entries(params)) {
    if (!allowed.includes(key))
      throw new OAuthError(
        'invalid_request',
        `${key.slice(0, 100)} is not a known field for this grant`,
      );
    if (value.length > MAX_FIELD_LENGTH)
      throw new OAuthError('invalid_request', `${key} is too long`);
  }
}

function requireClient(ctx: EmulatorContext, params: Params): string {
  const clientId = required(params, 'clientId', 'client_id');
  if (!findClient(ctx, clientId))
    throw new OAuthError('invalid_client', 'The client id is not registered');
  return clientId;
}

function anonymousGrant(ctx: EmulatorContext, params: Params): TokenResponse {
  const clientId = requireClient(ctx, params);
  return issueTokens(ctx, { clientId, role: 'visitor', visitorId: randomId() }).tokens;
}

function refreshGrant(ctx: EmulatorContext, params: Params): TokenResponse {
  const clientId = pick(params, 'clientId', 'client_id');
  if (clientId !== undefined && !findClient(ctx, clientId)) {
    throw new OAuthError('invalid_client', 'The client id is not registered');
  }
  return rotateRefreshToken(ctx, required(params, 'refreshToken', 'refresh_token'), clientId);
}

function codeGrant(ctx: EmulatorContext, params: Params): TokenResponse {
  const clientId = requireClient(ctx, params);
  const redirectUri = required(params, 'redirectUri', 'redirect_uri');
  const code = required(params, 'code');
  const verifier = pick(params, 'codeVerifier', 'code_verifier');
  const s = ctx.store.state;
  const record = s.authCodes[hashSecret(code)];
  if (!record) throw new OAuthError('invalid_grant', 'The authorization code is unknown');
  if (record.used) {
    // A replayed code means it leaked: end whatever its first exchange started (RFC 6749 §4.1.2).
    if (record.familyId !== undefined) revokeFamily(ctx, record.familyId);
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
  const issued = issueTokens(ctx, { clientId, role: 'member', memberId: record.memberId });
  record.familyId = issued.familyId;
  return issued.tokens;
}

function authorizedClientGrant(
  ctx: EmulatorContext,
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
  if (!ctx.store.state.members[memberId])
    throw new OAuthError('invalid_grant', 'No member has this id');
  if (sessionToken !== undefined && consumeSessionToken(ctx, hashSecret(sessionToken)) !== memberId)
    throw new OAuthError('invalid_grant', 'The session token is not a valid one of this member');
  return issueTokens(ctx, { clientId: caller.clientId, role: 'member', memberId }).tokens;
}

/**
 * These grants take no `Authorization`; one that is sent must still be a credential the emulator
 * knows (RFC 6749 §5.2: a failed client authentication by header answers 401 invalid_client).
 */
function checkClientAuthorization(ctx: EmulatorContext, authorization: string): void {
  try {
    callerFromHeader(ctx, authorization);
  } catch {
    throw new OAuthError('invalid_client', 'The Authorization header holds no valid credential');
  }
}

/** The token endpoint's routes. */
export function tokenRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/oauth2/token', async (c) => {
    try {
      const params = await readParams(c);
      const grant = pick(params, 'grantType', 'grant_type');
      if (grant === undefined || grant === '')
        throw new OAuthError('invalid_request', 'grantType is required');
      if (!Object.hasOwn(GRANT_FIELDS, grant))
        throw new OAuthError('unsupported_grant_type', 'The grant type is not supported');
      checkFields(params, grant);
      const authorization = c.req.header('authorization');
      if (grant !== 'authorized_client' && authorization !== undefined)
        checkClientAuthorization(ctx, authorization);
      let tokens: TokenResponse;
      switch (grant) {
        case 'anonymous':
          tokens = anonymousGrant(ctx, params);
          break;
        case 'refresh_token':
          tokens = refreshGrant(ctx, params);
          break;
        case 'authorization_code':
          tokens = codeGrant(ctx, params);
          break;
        default:
          tokens = authorizedClientGrant(ctx, params, c.req.header('authorization'));
      }
      ctx.grants[grant as GrantType] += 1;
      await ctx.store.commit();
      return c.json(tokens, 200, NO_STORE);
    } catch (error) {
      if (error instanceof OAuthError) {
        // Failed exchanges still change state (a used code, a revoked family).
        await ctx.store.commit();
        return c.json(
          { error: error.error, error_description: error.description },
          error.status,
          NO_STORE,
        );
      }
      throw error;
    }
  });
  return app;
}
