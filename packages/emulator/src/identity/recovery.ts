/**
 * Recovery and activation links: a one-time token (1 hour) mailed as a link to the hosted
 * recovery page, and the password reset that uses it. Synchronous state changes; the identity
 * service (service.ts) hashes the new password first and runs them in a transaction.
 */
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import { randomToken } from '../crypto/random.js';
import { hashSecret } from '../crypto/hash.js';
import { revokeMember } from '../oauth/tokens.js';
import { identityError } from './codes.js';
import type { MemberRecord, RecoveryTokenRecord } from '../models/identity.js';
import { sendMail } from './outbox.js';

/** How long a recovery link works. */
export const RECOVERY_TTL_MS = 60 * 60 * 1000;

/** Mails a recovery (or activation) link; `redirectUrl` must already be checked. */
export function sendRecoveryMail(
  ctx: EmulatorContext,
  tx: Transaction,
  member: MemberRecord,
  purpose: 'recovery' | 'activation',
  redirectUrl?: string,
): void {
  const token = randomToken('rec_');
  tx.state.recoveryTokens[hashSecret(token)] = {
    memberId: member.id,
    purpose,
    expiresAt: ctx.now() + RECOVERY_TTL_MS,
    used: false,
    ...(redirectUrl !== undefined ? { redirectUrl } : {}),
  };
  const link = `${ctx.baseUrl}/recovery?token=${encodeURIComponent(token)}`;
  sendMail(ctx, tx, {
    to: member.email,
    kind: purpose,
    subject: purpose === 'recovery' ? 'Reset your password' : 'Activate your account',
    text: `${purpose === 'recovery' ? 'Reset your password' : 'Set a password to activate your account'}: ${link} (valid for 1 hour)`,
    recoveryToken: token,
    link,
  });
}

/** Whether a recovery link's token can still be used, without using it. */
export function recoveryTokenValid(ctx: EmulatorContext, token: string): boolean {
  if (token === '' || token.length > 500) return false;
  const record = ctx.store.state.recoveryTokens[hashSecret(token)];
  return (
    record !== undefined &&
    !record.used &&
    record.expiresAt > ctx.now() &&
    Object.hasOwn(ctx.store.state.members, record.memberId)
  );
}

/**
 * The live record of a recovery token.
 * @throws {ApiError} INVALID_RECOVERY_TOKEN when unknown, used, expired or its member is gone.
 */
export function liveRecoveryToken(
  ctx: EmulatorContext,
  token: string,
): Readonly<RecoveryTokenRecord> {
  const record = ctx.store.state.recoveryTokens[hashSecret(token)];
  if (
    !record ||
    record.used ||
    record.expiresAt <= ctx.now() ||
    !ctx.store.state.members[record.memberId]
  )
    throw identityError('invalidRecoveryToken');
  return record;
}

/**
 * Uses a recovery token to set a new password (already hashed): verifies the email and ends
 * every session of the member.
 * @returns the member, and where the hosted page should return to, if anywhere.
 * @throws {ApiError} INVALID_RECOVERY_TOKEN.
 */
export function resetPassword(
  ctx: EmulatorContext,
  tx: Transaction,
  token: string,
  passwordHash: string,
): { member: MemberRecord; redirectUrl: string | undefined } {
  const record = liveRecoveryToken(ctx, token);
  tx.state.recoveryTokens[hashSecret(token)] = { ...record, used: true };
  const member: MemberRecord = {
    ...tx.state.members[record.memberId]!,
    passwordHash,
    requirePasswordReset: false,
    emailVerified: true,
    updatedDate: ctx.nowIso(),
  };
  tx.state.members[member.id] = member;
  revokeMember(tx, member.id);
  return { member, redirectUrl: record.redirectUrl };
}
