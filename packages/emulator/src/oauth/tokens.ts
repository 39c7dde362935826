/**
 * Token issuance, lookup, rotation and revocation.
 *
 * Access tokens have the platform's shape (`OauthNG.JWS.` and a signed JWT, access-token.ts),
 * refresh tokens are opaque (`rt_…`); what a token may do lives only in the server's records,
 * kept by the token's hash, never in its claims. Refresh tokens rotate on every use (rotation.ts).
 */
import type { IdentityCaller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import type { FamilyRecord, TokenResponse } from '../models/tokens.js';
import { ACCESS_TOKEN_PREFIX, hasValidSignature, mintAccessToken } from './access-token.js';
import { randomId, randomToken } from '../crypto/random.js';
import { hashSecret } from '../crypto/hash.js';

/** Refresh tokens live 30 days. */
const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** How often expired records are swept, at most. */
const SWEEP_INTERVAL_MS = 60 * 1000;

const lastSweep = new WeakMap<EmulatorContext, number>();

/** Drops expired tokens, codes and one-time secrets, so a long session stays small. */
export function sweepExpired(ctx: EmulatorContext, tx: Transaction): void {
  const now = ctx.now();
  if (now - (lastSweep.get(ctx) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(ctx, now);
  const s = tx.state;
  const maps: Record<string, { expiresAt: number }>[] = [
    s.accessTokens,
    s.refreshTokens,
    s.authCodes,
    s.stateTokens,
    s.sessionTokens,
    s.recoveryTokens,
    s.redirectSessions,
  ];
  for (const map of maps) {
    for (const [key, record] of Object.entries(map)) {
      if (record.expiresAt < now) delete map[key];
    }
  }
}

/** Issues a new access and refresh token pair in a family. */
export function issuePair(ctx: EmulatorContext, tx: Transaction, familyId: string): TokenResponse {
  const now = ctx.now();
  const ttl = ctx.options.tokenTtlSeconds;
  const s = tx.state;
  const family = s.families[familyId];
  if (!family) throw new Error(`No token family ${familyId}`);
  const access = mintAccessToken(ctx, family, now, ttl);
  const refresh = randomToken('rt_');
  s.accessTokens[hashSecret(access)] = { familyId, expiresAt: now + ttl * 1000 };
  s.refreshTokens[hashSecret(refresh)] = {
    familyId,
    expiresAt: now + REFRESH_TTL_MS,
    rotated: false,
  };
  return { access_token: access, refresh_token: refresh, expires_in: ttl };
}

/** Starts a new family (a grant) and issues its first pair. */
export function issueTokens(
  ctx: EmulatorContext,
  tx: Transaction,
  family: Omit<FamilyRecord, 'revoked' | 'createdAt'>,
): { tokens: TokenResponse; familyId: string } {
  sweepExpired(ctx, tx);
  const familyId = randomId();
  tx.state.families[familyId] = { ...family, revoked: false, createdAt: ctx.now() };
  return { tokens: issuePair(ctx, tx, familyId), familyId };
}

/** Revokes every token of a family. */
export function revokeFamily(tx: Transaction, familyId: string): void {
  const family = tx.state.families[familyId];
  if (family) family.revoked = true;
}

/**
 * Revokes every family (sign-in) of a member but `keepFamilyId`: a password change ends the
 * member's other sessions.
 */
export function revokeMember(tx: Transaction, memberId: string, keepFamilyId?: string): void {
  for (const [familyId, family] of Object.entries(tx.state.families)) {
    if (family.memberId === memberId && familyId !== keepFamilyId) family.revoked = true;
  }
}

/** The caller behind a raw access token, or `undefined` when unknown, expired or revoked. */
export function findCaller(ctx: EmulatorContext, accessToken: string): IdentityCaller | undefined {
  // Tokens of earlier versions (`at_…`, in a data file) have no signature; their record decides.
  if (accessToken.startsWith(ACCESS_TOKEN_PREFIX) && !hasValidSignature(ctx, accessToken))
    return undefined;
  const s = ctx.store.state;
  const record = s.accessTokens[hashSecret(accessToken)];
  if (!record || record.expiresAt <= ctx.now()) return undefined;
  const family = s.families[record.familyId];
  if (!family || family.revoked) return undefined;
  if (family.memberId !== undefined && !s.members[family.memberId]) return undefined;
  return {
    role: family.role,
    familyId: record.familyId,
    clientId: family.clientId,
    ...(family.visitorId !== undefined ? { visitorId: family.visitorId } : {}),
    ...(family.memberId !== undefined ? { memberId: family.memberId } : {}),
  };
}
