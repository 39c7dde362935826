/**
 * Roles: what each route asks of its caller, once the credential middleware
 * (oauth/credentials.ts) has resolved the `Authorization` header into `caller`: any credential,
 * a visitor or member, a member, or the elevated credential (the API key).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Caller, IdentityCaller } from './app-env.js';
import { applicationError, unauthorized } from './errors.js';

/** The request's caller, or 401 when it sent no credential. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw unauthorized('Send an access token in the Authorization header');
  return caller;
}

/** The request's visitor or member, or 401 (no credential) or 403 (the API key, which is neither). */
export function identityCallerOf(c: Context<AppEnv>): IdentityCaller {
  const caller = callerOf(c);
  if (caller.role === 'app') {
    throw applicationError(
      403,
      'PERMISSION_DENIED',
      'This call acts for a visitor or a member: send their access token, not the API key',
    );
  }
  return caller;
}

/** Middleware: any credential. */
export function requireCaller(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    callerOf(c);
    await next();
  };
}

/** Middleware: a visitor's or member's token; the API key acts for no one (403). */
export function requireIdentity(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    identityCallerOf(c);
    await next();
  };
}

/** Middleware: a member's access token. */
export function requireMember(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (callerOf(c).role !== 'member') throw unauthorized('This call needs a member token');
    await next();
  };
}

/**
 * Middleware: an elevated credential (the API key). Visitor and member tokens get 403 unless
 * the emulator was started with `openWrites` (`emulator` is its resolved options).
 */
export function requireElevated(
  emulator: { readonly openWrites: boolean },
  options: { openable: boolean } = { openable: true },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = callerOf(c);
    if (caller.role !== 'app' && !(options.openable && emulator.openWrites)) {
      throw applicationError(
        403,
        'PERMISSION_DENIED',
        'This call needs an elevated credential: send the API key as Authorization (visitor and member tokens are refused)',
      );
    }
    await next();
  };
}
