/**
 * The token request (`POST /oauth2/token`), read and checked before any grant runs: a form or
 * JSON body of strings, a supported grant type, and only the fields that grant takes. Refusals
 * are OAuth errors (docs/wire-conventions.md "Token endpoint errors").
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { readText } from '../http/body.js';
import { ApiError, OAuthError } from '../http/errors.js';
import type { GrantType } from '../models/grants.js';

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

/** The fields of a token request, all strings. */
export type Params = Record<string, string>;

/** Reads a form or JSON body of strings. @throws {OAuthError} invalid_request. */
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

/** The first of `names` the request holds. */
export function pick(params: Params, ...names: string[]): string | undefined {
  for (const name of names) if (Object.hasOwn(params, name)) return params[name];
  return undefined;
}

/** The first of `names` the request holds. @throws {OAuthError} invalid_request when none. */
export function required(params: Params, ...names: string[]): string {
  const value = pick(params, ...names);
  if (value === undefined || value === '')
    throw new OAuthError('invalid_request', `${names[0]} is required`);
  return value;
}

/** Refuses fields the grant does not take, and overlong values. */
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

/** A checked token request. */
export interface TokenRequest {
  grant: GrantType;
  params: Params;
}

/**
 * Middleware: reads and checks the token request; the handler reads it with `c.req.valid('json')`.
 * @throws {OAuthError} invalid_request or unsupported_grant_type.
 */
export function tokenRequest(): MiddlewareHandler<AppEnv, string, { out: { json: TokenRequest } }> {
  return async (c, next) => {
    const params = await readParams(c);
    const grant = pick(params, 'grantType', 'grant_type');
    if (grant === undefined || grant === '')
      throw new OAuthError('invalid_request', 'grantType is required');
    if (!Object.hasOwn(GRANT_FIELDS, grant))
      throw new OAuthError('unsupported_grant_type', 'The grant type is not supported');
    checkFields(params, grant);
    c.req.addValidatedData('json', { grant: grant as GrantType, params } satisfies TokenRequest);
    await next();
  };
}
