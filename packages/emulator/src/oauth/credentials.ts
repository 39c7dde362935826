/**
 * Credentials. `Authorization` holds either the raw access token of a visitor or a member (no
 * `Bearer ` prefix, platform-wire.md "Headers"), or the emulator's API key: an elevated
 * credential, as a merchant-side script sends it (the SDK's `apiKey` option). The official client
 * also sends `<access token>,<api key>` for a server's call on a visitor's behalf (its external
 * sign-on): that is the API key's credential, and both halves must be valid.
 *
 * A header that is sent is always checked, even on paths that need none: a malformed, unknown,
 * expired or revoked credential answers 401 wherever it appears. What each route then asks of its
 * caller is http/auth.ts.
 */
import type { MiddlewareHandler } from 'hono';
import type { EmulatorContext } from '../context.js';
import { safeEqual } from '../crypto/hash.js';
import type { AppEnv, Caller } from '../http/app-env.js';
import { unauthorized } from '../http/errors.js';
import { findCaller } from './tokens.js';

/** Longest `Authorization` value read; longer ones are refused without a lookup. */
const MAX_CREDENTIAL_LENGTH = 4096;

/** Resolves the caller of an `Authorization` header, or throws 401. */
export function callerFromHeader(ctx: EmulatorContext, header: string): Caller {
  const value = header.trim();
  if (value === '') throw unauthorized('Send an access token in the Authorization header');
  if (/^bearer\s/i.test(value)) {
    throw unauthorized('Send the raw access token in the Authorization header, without "Bearer "');
  }
  if (value.length > MAX_CREDENTIAL_LENGTH || !/^[\x21-\x7e]+$/.test(value))
    throw unauthorized('The Authorization header is not a credential this emulator issued');
  if (safeEqual(value, ctx.options.apiKey))
    return { role: 'app', appId: ctx.options.clients[0]!.clientId };
  const comma = value.lastIndexOf(',');
  if (comma > 0) {
    // The API key holds no comma (options.ts), so the key is what follows the last one.
    if (
      !findCaller(ctx, value.slice(0, comma)) ||
      !safeEqual(value.slice(comma + 1), ctx.options.apiKey)
    )
      throw unauthorized(
        'The Authorization header must hold "<access token>,<api key>", both valid',
      );
    return { role: 'app', appId: ctx.options.clients[0]!.clientId };
  }
  const caller = findCaller(ctx, value);
  if (!caller) throw unauthorized('The access token is invalid, expired or revoked');
  return caller;
}

/**
 * Middleware on every path but the token endpoint (whose grants read the header themselves):
 * resolves a sent `Authorization` into `caller`, or answers 401.
 */
export function resolveCaller(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header !== undefined && c.req.path !== '/oauth2/token')
      c.set('caller', callerFromHeader(ctx, header));
    await next();
  };
}
