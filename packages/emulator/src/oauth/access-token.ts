/**
 * Access tokens in the platform's shape: `OauthNG.JWS.` followed by a JWT signed with HS256,
 * whose `data` claim is a JSON string carrying the `instance` the token acts in: the site's
 * `metaSiteId`, the app's `appDefId` (the OAuth client id), and who calls: a visitor's `aid`, or a
 * member's `uid` and `siteMemberId`. Apps on the official client read these (`jwt-decode` of the
 * part after the prefix, then `JSON.parse(data).instance.metaSiteId`); clients are meant to treat
 * the token as opaque, and the SDK does.
 *
 * The signature is checked on every use, and the emulator still keeps a record of each token
 * (by its hash, tokens.ts): expiry, revocation and the caller come from the record, never from the
 * claims, so an edited, forged, expired or revoked token is refused whatever it says.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { EmulatorContext } from '../context.js';
import type { FamilyRecord } from '../models/tokens.js';
import { randomId } from '../crypto/random.js';

/** What every access token starts with, as on the platform. */
export const ACCESS_TOKEN_PREFIX = 'OauthNG.JWS.';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

function signature(key: string, signed: string): string {
  return createHmac('sha256', key).update(signed, 'utf8').digest('base64url');
}

/**
 * A new access token of `family`, valid `ttlSeconds` from `now` (epoch ms). Each is unique (a
 * `jti` claim), so two tokens of one member minted in the same second differ.
 */
export function mintAccessToken(
  ctx: EmulatorContext,
  family: FamilyRecord,
  now: number,
  ttlSeconds: number,
): string {
  const { tokenSecret: key, siteId } = ctx.store.state;
  const expires = now + ttlSeconds * 1000;
  const who =
    family.memberId !== undefined
      ? { uid: family.memberId, siteMemberId: family.memberId }
      : { aid: family.visitorId };
  const instance = {
    instanceId: ctx.options.instanceId,
    appDefId: family.clientId,
    signDate: new Date(now).toISOString(),
    ...who,
    permissions: '',
    demoMode: false,
    metaSiteId: siteId,
    expirationDate: new Date(expires).toISOString(),
    hasUserRole: false,
    aor: false,
  };
  // The key's id names the key without revealing it.
  const kid = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  const signed = `${encode({ kid, alg: 'HS256' })}.${encode({
    data: JSON.stringify({ instance }),
    iat: Math.floor(now / 1000),
    exp: Math.floor(expires / 1000),
    jti: randomId(),
  })}`;
  return `${ACCESS_TOKEN_PREFIX}${signed}.${signature(key, signed)}`;
}

/**
 * Whether `token` is an access token this emulator signed, unedited. Says nothing of expiry or
 * revocation: the token's record does (tokens.ts).
 */
export function hasValidSignature(ctx: EmulatorContext, token: string): boolean {
  const key = ctx.store.state.tokenSecret;
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return false;
  const parts = token.slice(ACCESS_TOKEN_PREFIX.length).split('.');
  if (parts.length !== 3) return false;
  const expected = Buffer.from(signature(key, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
