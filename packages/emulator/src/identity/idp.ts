/**
 * The emulated identity provider behind `POST /_api/iam/authentication/v1/sso/login-with-token-params`.
 *
 * On the platform, a site's identity-provider connection verifies the token parameters it is sent
 * (an OpenID Connect id token, say) before anyone is signed in. The emulator does the same with a
 * shared secret per connection: a connection is registered with `startEmulator({ idpConnections })`
 * or `POST /_emulator/idp-connections`, and its token parameter `token` must be a JWT signed with
 * that secret (HS256) for that connection (`aud`), unexpired, at most an hour old, naming the
 * member by its `email` claim. {@link signIdpToken} mints one, as a developer's own provider
 * would. Nothing else signs anyone in: a bare `email` parameter is ignored.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { identityError } from './codes.js';
import { applicationError } from '../http/errors.js';
import { isEmail } from '../http/schema.js';
import type { ApiError } from '../http/errors.js';
import type { IdpConnection, IdpRegistry } from '../models/identity.js';

/** Longest life of a token, from `iat` to use, as identity providers' id tokens have. */
const MAX_TOKEN_AGE_SECONDS = 3600;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Checks a connection given in options or through the developer API.
 * @throws {RangeError} naming the bad field.
 */
export function checkIdpConnection(connection: IdpConnection): IdpConnection {
  const { idpConnectionId, secret } = connection;
  if (typeof idpConnectionId !== 'string' || !ID_PATTERN.test(idpConnectionId))
    throw new RangeError('idpConnectionId must be 1 to 100 letters, digits, - or _');
  if (typeof secret !== 'string' || secret.length < 32 || secret.length > 512)
    throw new RangeError('secret must be 32 to 512 characters');
  return { idpConnectionId, secret };
}

/** The connections of one emulator: its options', then those added at run time. */
export class IdpConnections implements IdpRegistry {
  private readonly secrets = new Map<string, Uint8Array>();

  constructor(connections: readonly IdpConnection[] = []) {
    for (const connection of connections) this.add(connection);
  }

  /** Registers (or replaces) a connection. @throws {RangeError} for a bad id or secret. */
  add(connection: IdpConnection): void {
    const { idpConnectionId, secret } = checkIdpConnection(connection);
    if (!this.secrets.has(idpConnectionId) && this.secrets.size >= 100)
      throw new RangeError('at most 100 identity-provider connections');
    this.secrets.set(idpConnectionId, new TextEncoder().encode(secret));
  }

  /**
   * The e-mail address a connection's token vouches for.
   * @throws {ApiError} 404 `IDP_CONNECTION_NOT_FOUND` for an unknown connection; 400
   *   `INVALID_IDP_CONNECTION` for a token that is missing, forged, for another connection,
   *   expired, too old or names no e-mail address.
   */
  async verifiedEmail(idpConnectionId: string, token: string | undefined, now: number) {
    const secret = this.secrets.get(idpConnectionId);
    if (secret === undefined)
      throw applicationError(
        404,
        'IDP_CONNECTION_NOT_FOUND',
        'No identity-provider connection has this id',
      );
    if (token === undefined || token === '') throw identityError('invalidIdpConnection');
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        audience: idpConnectionId,
        currentDate: new Date(now),
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        requiredClaims: ['exp', 'iat', 'email'],
      });
      const email = payload.email;
      if (typeof email !== 'string' || !isEmail(email)) throw identityError('invalidIdpConnection');
      return email.toLowerCase();
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw identityError('invalidIdpConnection');
      throw error as ApiError;
    }
  }
}

/** What {@link signIdpToken} needs. */
export interface IdpTokenOptions {
  /** The connection the token is for (its `aud`). */
  idpConnectionId: string;
  /** The connection's secret, as registered with the emulator. */
  secret: string;
  /** The member's e-mail address: the member signed in (made on first sign-in). */
  email: string;
  /** How long the token is valid. @default 300 (five minutes) */
  expiresInSeconds?: number;
  /** The time it is signed at, in epoch milliseconds (the emulator's clock in tests). @default Date.now() */
  now?: number;
}

/**
 * Mints the token an emulated identity provider hands an app for `login-with-token-params`
 * (`tokenParams: { token }`): a JWT signed with the connection's secret. A developer helper, as a
 * real provider would issue it; keep the secret on the server.
 * @example
 * const emulator = await startEmulator({ idpConnections: [{ idpConnectionId: 'my-idp', secret }] });
 * const token = await signIdpToken({ idpConnectionId: 'my-idp', secret, email: 'ada@example.com' });
 * // POST /_api/iam/authentication/v1/sso/login-with-token-params
 * //   { idpConnectionId: 'my-idp', tokenParams: { token } }
 * @throws {RangeError} for a bad connection id, secret or lifetime.
 */
export async function signIdpToken(options: IdpTokenOptions): Promise<string> {
  const { idpConnectionId, secret } = checkIdpConnection(options);
  const lifetime = options.expiresInSeconds ?? 300;
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > MAX_TOKEN_AGE_SECONDS)
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_TOKEN_AGE_SECONDS}`);
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000);
  return new SignJWT({ email: options.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(idpConnectionId)
    .setSubject(options.email)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(new TextEncoder().encode(secret));
}
