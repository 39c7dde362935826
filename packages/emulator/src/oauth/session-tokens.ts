/**
 * Session tokens: the proof of a completed sign-in (identity/sign-in.ts issues one), exchanged once
 * for a member's tokens, on the authorize page for an authorization code or by a server's
 * `authorized_client` grant. Single use, 10 minutes, kept by their hash.
 */
import type { EmulatorContext } from '../context.js';
import { hashSecret } from '../crypto/hash.js';
import { randomToken } from '../crypto/random.js';
import type { Transaction } from '../models/state.js';

/** How long a session token can be exchanged. */
export const SESSION_TOKEN_TTL_MS = 10 * 60 * 1000;

/** A fresh session token for a member. */
export function issueSessionToken(ctx: EmulatorContext, tx: Transaction, memberId: string): string {
  const token = randomToken('st_');
  tx.state.sessionTokens[hashSecret(token)] = {
    memberId,
    expiresAt: ctx.now() + SESSION_TOKEN_TTL_MS,
    used: false,
  };
  return token;
}

/** Uses a session token: its member id, or `undefined` when unknown, used or expired. */
export function consumeSessionToken(
  ctx: EmulatorContext,
  tx: Transaction,
  tokenHash: string,
): string | undefined {
  const record = tx.state.sessionTokens[tokenHash];
  if (!record || record.used || record.expiresAt <= ctx.now() || !tx.state.members[record.memberId])
    return undefined;
  record.used = true;
  return record.memberId;
}

/** Whether a session token is currently usable, without using it. */
export function sessionTokenValid(ctx: EmulatorContext, tokenHash: string): boolean {
  const record = ctx.store.state.sessionTokens[tokenHash];
  return record !== undefined && !record.used && record.expiresAt > ctx.now();
}
