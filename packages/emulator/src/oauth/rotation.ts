/**
 * Refresh-token rotation with a reuse grace period.
 *
 * Every use of a refresh token rotates it: a new pair is issued in the same family (sign-in) and
 * the old token is marked rotated. Requests of one browser often race: several see the same
 * expired access token and all present the same refresh token. Within the grace period
 * (`refreshReuseGraceSeconds`, 30 s by default) a rotated token still works and answers the
 * family's newest pair, the one already issued, so every racing request ends with the same
 * tokens, the same member or visitor and the same cart. After the grace period a rotated token is
 * treated as stolen (RFC 9700 §4.14.2) and revokes the whole family. `0` is strict rotation.
 *
 * The newest pair of a recently rotated family is kept in memory only, for the grace period; if
 * it is gone (the emulator restarted), a reuse within the grace gets a new pair in the same family.
 */
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import { OAuthError } from '../http/errors.js';
import type { TokenResponse } from '../models/tokens.js';
import { hashSecret } from '../crypto/hash.js';
import { issuePair, revokeFamily, sweepExpired } from './tokens.js';

interface Head {
  pair: TokenResponse;
  /** Epoch ms when the pair's access token expires. */
  accessExpiresAt: number;
  rotatedAt: number;
}

/** Newest pair of each recently rotated family, per emulator, oldest rotation first. */
const heads = new WeakMap<EmulatorContext, Map<string, Head>>();

function headsOf(ctx: EmulatorContext): Map<string, Head> {
  let map = heads.get(ctx);
  if (!map) {
    map = new Map();
    heads.set(ctx, map);
  }
  return map;
}

/** Forgets every remembered pair (on reset). */
export function forgetRotations(ctx: EmulatorContext): void {
  heads.delete(ctx);
}

function rememberHead(ctx: EmulatorContext, familyId: string, pair: TokenResponse, now: number) {
  const map = headsOf(ctx);
  const graceMs = ctx.options.refreshReuseGraceSeconds * 1000;
  map.delete(familyId);
  if (graceMs > 0)
    map.set(familyId, { pair, accessExpiresAt: now + pair.expires_in * 1000, rotatedAt: now });
  // Drop the pairs whose grace is over; the map is in rotation order.
  for (const [id, head] of map) {
    if (head.rotatedAt + graceMs > now) break;
    map.delete(id);
  }
}

/**
 * Exchanges a refresh token for the family's next pair.
 * @throws {OAuthError} `invalid_grant` when unknown, expired, revoked, for another client, or
 *   reused after the grace period (which also revokes the family).
 */
export function rotateRefreshToken(
  ctx: EmulatorContext,
  tx: Transaction,
  refreshToken: string,
  clientId: string | undefined,
): TokenResponse {
  const s = tx.state;
  const now = ctx.now();
  const record = s.refreshTokens[hashSecret(refreshToken)];
  if (!record) throw new OAuthError('invalid_grant', 'The refresh token is unknown');
  const family = s.families[record.familyId];
  if (!family || family.revoked)
    throw new OAuthError('invalid_grant', 'The refresh token was revoked');
  if (clientId !== undefined && clientId !== family.clientId) {
    throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
  }
  if (family.memberId !== undefined && !Object.hasOwn(s.members, family.memberId)) {
    throw new OAuthError('invalid_grant', 'The member no longer exists');
  }
  if (record.rotated) {
    const graceMs = ctx.options.refreshReuseGraceSeconds * 1000;
    if (now - (record.rotatedAt ?? 0) >= graceMs) {
      revokeFamily(tx, record.familyId);
      throw new OAuthError(
        'invalid_grant',
        'The refresh token was already used; the session is revoked',
      );
    }
    const head = headsOf(ctx).get(record.familyId);
    if (head && head.accessExpiresAt > now)
      return { ...head.pair, expires_in: Math.ceil((head.accessExpiresAt - now) / 1000) };
    const pair = issuePair(ctx, tx, record.familyId);
    rememberHead(ctx, record.familyId, pair, now);
    return pair;
  }
  if (record.expiresAt <= now)
    throw new OAuthError('invalid_grant', 'The refresh token has expired');
  record.rotated = true;
  record.rotatedAt = now;
  sweepExpired(ctx, tx);
  const pair = issuePair(ctx, tx, record.familyId);
  rememberHead(ctx, record.familyId, pair, now);
  return pair;
}
