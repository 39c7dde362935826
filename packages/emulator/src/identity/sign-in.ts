/**
 * The sign-in state machine shared by the JSON API and the hosted pages: login outcomes
 * (SUCCESS, REQUIRE_EMAIL_VERIFICATION, REQUIRE_OWNER_APPROVAL), captcha and verification codes.
 * A completed sign-in answers a session token (oauth/session-tokens.ts). Every function that takes
 * a transaction changes state synchronously; the identity service (service.ts) runs them in one.
 */
import type { EmulatorContext } from '../context.js';
import { randomDigits, randomToken } from '../crypto/random.js';
import { hashSecret, safeEqual } from '../crypto/hash.js';
import { VALID_CAPTCHA_TOKEN, identityError } from './codes.js';
import { renderIdentity } from './members.js';
import type { AuthResponse, MemberRecord } from '../models/identity.js';
import type { Transaction } from '../models/state.js';
import { issueSessionToken } from '../oauth/session-tokens.js';
import { sendMail } from './outbox.js';

/** One-time token lifetimes. */
export const STATE_TOKEN_TTL_MS = 30 * 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes a state token survives; the next wrong one kills it. */
export const MAX_CODE_ATTEMPTS = 3;

/**
 * Checks captcha tokens when the captcha mode is on.
 * @throws {ApiError} -19971 when none is given, -19970 when none is valid.
 */
export function checkCaptcha(
  ctx: EmulatorContext,
  tokens: { Recaptcha?: string; InvisibleRecaptcha?: string }[] | undefined,
): void {
  if (!ctx.store.state.modes.captchaRequired) return;
  const given = (tokens ?? [])
    .flatMap((t) => [t.Recaptcha, t.InvisibleRecaptcha])
    .filter((t): t is string => typeof t === 'string' && t !== '');
  if (given.length === 0) throw identityError('missingCaptchaToken');
  if (!given.some((t) => safeEqual(t, VALID_CAPTCHA_TOKEN)))
    throw identityError('invalidCaptchaToken');
}

function sendVerificationCode(
  ctx: EmulatorContext,
  tx: Transaction,
  member: MemberRecord,
  tokenHash: string,
): void {
  const record = tx.state.stateTokens[tokenHash];
  if (!record) return;
  const code = randomDigits(6);
  record.codeHash = hashSecret(code);
  record.codeExpiresAt = ctx.now() + CODE_TTL_MS;
  sendMail(ctx, tx, {
    to: member.email,
    kind: 'verification',
    subject: 'Your verification code',
    text: `Your verification code is ${code}. It expires in 10 minutes.`,
    code,
  });
}

/**
 * The outcome of a successful password check, sign-on or verification: the next step of the
 * state machine for this member under the current modes.
 */
export function continueLogin(
  ctx: EmulatorContext,
  tx: Transaction,
  member: MemberRecord,
): AuthResponse {
  const modes = tx.state.modes;
  const identity = renderIdentity(ctx, member);
  if (!member.emailVerified && modes.emailVerification) {
    const stateToken = startVerification(ctx, tx, member);
    return { state: 'REQUIRE_EMAIL_VERIFICATION', identity, stateToken, additionalData: {} };
  }
  if (!member.ownerApproved) {
    const stateToken = randomToken('stt_');
    tx.state.stateTokens[hashSecret(stateToken)] = {
      memberId: member.id,
      purpose: 'OWNER_APPROVAL',
      expiresAt: ctx.now() + STATE_TOKEN_TTL_MS,
      attempts: 0,
      used: false,
    };
    return { state: 'REQUIRE_OWNER_APPROVAL', identity, stateToken, additionalData: {} };
  }
  return {
    state: 'SUCCESS',
    identity,
    sessionToken: issueSessionToken(ctx, tx, member.id),
    additionalData: {},
  };
}

function liveStateToken(ctx: EmulatorContext, tx: Transaction, stateToken: string) {
  const record = tx.state.stateTokens[hashSecret(stateToken)];
  if (!record || record.used || record.expiresAt <= ctx.now())
    throw identityError('invalidStateToken');
  const member = tx.state.members[record.memberId];
  if (!member) throw identityError('invalidStateToken');
  return { record, member };
}

/**
 * Checks a verification code. Wrong codes count against the state token; after
 * {@link MAX_CODE_ATTEMPTS} the token is dead. A right code is single use.
 * @throws {ApiError} INVALID_STATE_TOKEN or INVALID_VERIFICATION_CODE.
 */
export function verifyCode(
  ctx: EmulatorContext,
  tx: Transaction,
  stateToken: string,
  code: string,
): AuthResponse {
  const { record, member } = liveStateToken(ctx, tx, stateToken);
  if (record.purpose !== 'EMAIL_VERIFICATION') throw identityError('invalidStateToken');
  const fresh = record.codeHash !== undefined && (record.codeExpiresAt ?? 0) > ctx.now();
  if (!fresh || !safeEqual(hashSecret(code), record.codeHash ?? '')) {
    record.attempts += 1;
    if (record.attempts >= MAX_CODE_ATTEMPTS) record.used = true;
    throw identityError('invalidVerificationCode');
  }
  record.used = true;
  const verified = { ...member, emailVerified: true, updatedDate: ctx.nowIso() };
  tx.state.members[member.id] = verified;
  return continueLogin(ctx, tx, verified);
}

/** Sends a new code for a verification state token (the old code stops working). */
export function resendCode(ctx: EmulatorContext, tx: Transaction, stateToken: string): void {
  const { record, member } = liveStateToken(ctx, tx, stateToken);
  if (record.purpose !== 'EMAIL_VERIFICATION') throw identityError('invalidStateToken');
  sendVerificationCode(ctx, tx, member, hashSecret(stateToken));
}

/** `state/proceed`: continues a login waiting for the owner. */
export function proceed(ctx: EmulatorContext, tx: Transaction, stateToken: string): AuthResponse {
  const { record, member } = liveStateToken(ctx, tx, stateToken);
  if (!member.ownerApproved && record.purpose === 'OWNER_APPROVAL') {
    return {
      state: 'REQUIRE_OWNER_APPROVAL',
      identity: renderIdentity(ctx, member),
      stateToken,
      additionalData: {},
    };
  }
  record.used = true;
  return continueLogin(ctx, tx, member);
}

/** Starts an email verification for a member outside a login (`verification/v1/start`). */
export function startVerification(
  ctx: EmulatorContext,
  tx: Transaction,
  member: MemberRecord,
): string {
  const stateToken = randomToken('stt_');
  const hash = hashSecret(stateToken);
  tx.state.stateTokens[hash] = {
    memberId: member.id,
    purpose: 'EMAIL_VERIFICATION',
    expiresAt: ctx.now() + STATE_TOKEN_TTL_MS,
    attempts: 0,
    used: false,
  };
  sendVerificationCode(ctx, tx, member, hash);
  return stateToken;
}
