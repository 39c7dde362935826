/**
 * The access-token check of every API path: the raw token in `Authorization` (no `Bearer `
 * prefix, platform-wire.md "Headers"). Missing, unknown, expired or revoked tokens answer 401.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Caller, EmulatorContext } from '../context.js';
import { findCaller } from '../oauth/tokens.js';
import { unauthorized } from './errors.js';

/** Resolves the caller of a request from its `Authorization` header, or throws 401. */
export function callerFromHeader(ctx: EmulatorContext, header: string | undefined): Caller {
  if (header === undefined || header.trim() === '') {
    throw unauthorized('Send an access token in the Authorization header');
  }
  if (/^bearer\s/i.test(header)) {
    throw unauthorized('Send the raw access token in the Authorization header, without "Bearer "');
  }
  const caller = findCaller(ctx, header.trim());
  if (!caller) throw unauthorized('The access token is invalid, expired or revoked');
  return caller;
}

/** Middleware: sets `caller`, or answers 401. */
export function requireCaller(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('caller', callerFromHeader(ctx, c.req.header('authorization')));
    await next();
  };
}

/** Middleware: as {@link requireCaller}, and the caller must be a member. */
export function requireMember(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = callerFromHeader(ctx, c.req.header('authorization'));
    if (caller.role !== 'member') throw unauthorized('This call needs a member token');
    c.set('caller', caller);
    await next();
  };
}
