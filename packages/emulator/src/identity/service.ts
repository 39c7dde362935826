/**
 * The sign-in state machine shared by the JSON API and the hosted pages: registration, login
 * outcomes (SUCCESS, REQUIRE_EMAIL_VERIFICATION, REQUIRE_OWNER_APPROVAL), verification codes,
 * session tokens, recovery links and mail.
 */
import type { EmulatorContext } from '../context.js';
import type { MailKind, MailMessage } from '../dev/mail.js';
import { hashSecret, randomDigits, randomId, randomToken, safeEqual } from '../oauth/secrets.js';
import { revokeMember } from '../oauth/tokens.js';
import { VALID_CAPTCHA_TOKEN, identityError } from './codes.js';
import type { AuthResponse, MemberRecord, ProfileRecord, WireIdentity } from './model.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** One-time token lifetimes. */
export const STATE_TOKEN_TTL_MS = 30 * 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const SESSION_TOKEN_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_TTL_MS = 60 * 60 * 1000;
/** Wrong codes a state token survives; the next wrong one kills it. */
export const MAX_CODE_ATTEMPTS = 3;
/** How many messages the outbox keeps. */
const MAX_MAIL = 500;

/** The member with this email (case-insensitive). */
export function findMemberByEmail(ctx: EmulatorContext, email: string): MemberRecord | undefined {
  const wanted = email.trim().toLowerCase();
  return Object.values(ctx.store.state.members).find((m) => m.email === wanted);
}

/** A member's identity in the wire shape; never includes the password hash. */
export function renderIdentity(ctx: EmulatorContext, member: MemberRecord): WireIdentity {
  const modes = ctx.store.state.modes;
  const reasons: WireIdentity['status']['reasons'] = [];
  if (!member.emailVerified && modes.emailVerification)
    reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED');
  if (!member.ownerApproved) reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED');
  return {
    id: member.id,
    revision: '1',
    createdDate: member.createdDate,
    updatedDate: member.updatedDate,
    identityProfile: {
      ...structuredClone(member.profile),
      emails: [{ tag: 'MAIN', email: member.email }],
    },
    email: { address: member.email, isVerified: member.emailVerified },
    status: { name: reasons.length > 0 ? 'PENDING' : 'ACTIVE', reasons },
    factors: member.passwordHash ? [{ factorId: `password-${member.id}`, type: 'PASSWORD' }] : [],
  };
}

/** Puts a message in the outbox. */
export function sendMail(
  ctx: EmulatorContext,
  message: Omit<MailMessage, 'id' | 'sentAt'>,
): MailMessage {
  const mail: MailMessage = {
    ...message,
    to: message.to.toLowerCase(),
    id: randomId(),
    sentAt: ctx.nowIso(),
  };
  const box = ctx.store.state.mail;
  box.push(mail);
  if (box.length > MAX_MAIL) box.splice(0, box.length - MAX_MAIL);
  return mail;
}

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

/**
 * Creates a member, applying the current modes.
 * @throws {ApiError} -19995 when the email is taken.
 */
export async function createMember(
  ctx: EmulatorContext,
  input: { email: string; password?: string; profile?: ProfileRecord; verified?: boolean },
): Promise<MemberRecord> {
  if (findMemberByEmail(ctx, input.email)) throw identityError('emailAlreadyExists');
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password);
  // Re-checked after the hash: another registration may have taken the email meanwhile.
  if (findMemberByEmail(ctx, input.email)) throw identityError('emailAlreadyExists');
  const now = ctx.nowIso();
  const modes = ctx.store.state.modes;
  const member: MemberRecord = {
    id: randomId(),
    email: input.email.trim().toLowerCase(),
    ...(passwordHash !== undefined ? { passwordHash } : {}),
    emailVerified: input.verified ?? !modes.emailVerification,
    ownerApproved: !modes.ownerApproval,
    requirePasswordReset: false,
    profile: input.profile ?? {},
    createdDate: now,
    updatedDate: now,
  };
  ctx.store.state.members[member.id] = member;
  return member;
}

/**
 * Checks an email and password.
 * @throws {ApiError} MEMBER_NOT_FOUND, -19976 (wrong password) or -19973 (reset required).
 */
export async function checkCredentials(
  ctx: EmulatorContext,
  email: string,
  password: string,
): Promise<MemberRecord> {
  const member = findMemberByEmail(ctx, email);
  if (!member) {
    // Spend the same time as a real check, so timing does not tell which emails exist.
    await verifyPassword(
      password,
      'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    throw identityError('memberNotFound');
  }
  if (!member.passwordHash || !(await verifyPassword(password, member.passwordHash)))
    throw identityError('invalidPassword');
  if (member.requirePasswordReset) throw identityError('resetPassword');
  return member;
}

/** A fresh session token for a member (exchanged on the authorize page for a code). */
export function issueSessionToken(ctx: EmulatorContext, memberId: string): string {
  const token = randomToken('st_');
  ctx.store.state.sessionTokens[hashSecret(token)] = {
    memberId,
    expiresAt: ctx.now() + SESSION_TOKEN_TTL_MS,
    used: false,
  };
  return token;
}

/** Uses a session token: its member id, or `undefined` when unknown, used or expired. */
export function consumeSessionToken(ctx: EmulatorContext, tokenHash: string): string | undefined {
  const record = ctx.store.state.sessionTokens[tokenHash];
  if (
    !record ||
    record.used ||
    record.expiresAt <= ctx.now() ||
    !ctx.store.state.members[record.memberId]
  )
    return undefined;
  record.used = true;
  return record.memberId;
}

/** Whether a session token is currently usable, without using it. */
export function sessionTokenValid(ctx: EmulatorContext, tokenHash: string): boolean {
  const record = ctx.store.state.sessionTokens[tokenHash];
  return record !== undefined && !record.used && record.expiresAt > ctx.now();
}

function sendVerificationCode(ctx: EmulatorContext, member: MemberRecord, tokenHash: string): void {
  const record = ctx.store.state.stateTokens[tokenHash];
  if (!record) return;
  const code = randomDigits(6);
  record.codeHash = hashSecret(code);
  record.codeExpiresAt = ctx.now() + CODE_TTL_MS;
  sendMail(ctx, {
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
export function continueLogin(ctx: EmulatorContext, member: MemberRecord): AuthResponse {
  const modes = ctx.store.state.modes;
  const identity = renderIdentity(ctx, member);
  if (!member.emailVerified && modes.emailVerification) {
    const stateToken = startVerification(ctx, member);
    return { state: 'REQUIRE_EMAIL_VERIFICATION', identity, stateToken, additionalData: {} };
  }
  if (!member.ownerApproved) {
    const stateToken = randomToken('stt_');
    ctx.store.state.stateTokens[hashSecret(stateToken)] = {
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
    sessionToken: issueSessionToken(ctx, member.id),
    additionalData: {},
  };
}

function liveStateToken(ctx: EmulatorContext, stateToken: string) {
  const record = ctx.store.state.stateTokens[hashSecret(stateToken)];
  if (!record || record.used || record.expiresAt <= ctx.now())
    throw identityError('invalidStateToken');
  const member = ctx.store.state.members[record.memberId];
  if (!member) throw identityError('invalidStateToken');
  return { record, member };
}

/**
 * Checks a verification code. Wrong codes count against the state token; after
 * {@link MAX_CODE_ATTEMPTS} the token is dead. A right code is single use.
 * @throws {ApiError} INVALID_STATE_TOKEN or INVALID_VERIFICATION_CODE.
 */
export function verifyCode(ctx: EmulatorContext, stateToken: string, code: string): AuthResponse {
  const { record, member } = liveStateToken(ctx, stateToken);
  if (record.purpose !== 'EMAIL_VERIFICATION') throw identityError('invalidStateToken');
  const fresh = record.codeHash !== undefined && (record.codeExpiresAt ?? 0) > ctx.now();
  if (!fresh || !safeEqual(hashSecret(code), record.codeHash ?? '')) {
    record.attempts += 1;
    if (record.attempts >= MAX_CODE_ATTEMPTS) record.used = true;
    throw identityError('invalidVerificationCode');
  }
  record.used = true;
  ctx.store.state.members[member.id] = {
    ...member,
    emailVerified: true,
    updatedDate: ctx.nowIso(),
  };
  return continueLogin(ctx, ctx.store.state.members[member.id]!);
}

/** Sends a new code for a verification state token (the old code stops working). */
export function resendCode(ctx: EmulatorContext, stateToken: string): void {
  const { record, member } = liveStateToken(ctx, stateToken);
  if (record.purpose !== 'EMAIL_VERIFICATION') throw identityError('invalidStateToken');
  sendVerificationCode(ctx, member, hashSecret(stateToken));
}

/** `state/proceed`: continues a login waiting for the owner. */
export function proceed(ctx: EmulatorContext, stateToken: string): AuthResponse {
  const { record, member } = liveStateToken(ctx, stateToken);
  if (!member.ownerApproved && record.purpose === 'OWNER_APPROVAL') {
    return {
      state: 'REQUIRE_OWNER_APPROVAL',
      identity: renderIdentity(ctx, member),
      stateToken,
      additionalData: {},
    };
  }
  record.used = true;
  return continueLogin(ctx, member);
}

/** Starts an email verification for a member outside a login (`verification/v1/start`). */
export function startVerification(ctx: EmulatorContext, member: MemberRecord): string {
  const stateToken = randomToken('stt_');
  const hash = hashSecret(stateToken);
  ctx.store.state.stateTokens[hash] = {
    memberId: member.id,
    purpose: 'EMAIL_VERIFICATION',
    expiresAt: ctx.now() + STATE_TOKEN_TTL_MS,
    attempts: 0,
    used: false,
  };
  sendVerificationCode(ctx, member, hash);
  return stateToken;
}

/** Mails a recovery (or activation) link; `redirectUrl` must already be checked. */
export function sendRecoveryMail(
  ctx: EmulatorContext,
  member: MemberRecord,
  purpose: 'recovery' | 'activation',
  redirectUrl?: string,
): void {
  const token = randomToken('rec_');
  ctx.store.state.recoveryTokens[hashSecret(token)] = {
    memberId: member.id,
    purpose,
    expiresAt: ctx.now() + RECOVERY_TTL_MS,
    used: false,
    ...(redirectUrl !== undefined ? { redirectUrl } : {}),
  };
  const link = `${ctx.baseUrl}/recovery?token=${encodeURIComponent(token)}`;
  const kind: MailKind = purpose;
  sendMail(ctx, {
    to: member.email,
    kind,
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
 * Sets a new password with a recovery token (single use, 1 hour). Ends the member's sessions.
 * @returns the member, and where the hosted page should return to, if anywhere.
 * @throws {ApiError} INVALID_RECOVERY_TOKEN.
 */
export async function recoverPassword(
  ctx: EmulatorContext,
  token: string,
  password: string,
): Promise<{ member: MemberRecord; redirectUrl: string | undefined }> {
  const hash = hashSecret(token);
  const check = () => {
    const record = ctx.store.state.recoveryTokens[hash];
    if (
      !record ||
      record.used ||
      record.expiresAt <= ctx.now() ||
      !ctx.store.state.members[record.memberId]
    )
      throw identityError('invalidRecoveryToken');
    return record;
  };
  check();
  const passwordHash = await hashPassword(password);
  const record = check();
  record.used = true;
  const member = ctx.store.state.members[record.memberId]!;
  ctx.store.state.members[member.id] = {
    ...member,
    passwordHash,
    requirePasswordReset: false,
    emailVerified: true,
    updatedDate: ctx.nowIso(),
  };
  revokeMember(ctx, member.id);
  return { member: ctx.store.state.members[member.id]!, redirectUrl: record.redirectUrl };
}

/**
 * Changes a signed-in member's password and ends the member's other sessions: every sign-in
 * but `keepFamilyId` (the one that made the change) is revoked, refresh and access tokens alike.
 */
export async function changePassword(
  ctx: EmulatorContext,
  memberId: string,
  password: string,
  keepFamilyId: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const member = ctx.store.state.members[memberId];
  if (!member) throw identityError('memberNotFound', 404);
  ctx.store.state.members[memberId] = {
    ...member,
    passwordHash,
    requirePasswordReset: false,
    updatedDate: ctx.nowIso(),
  };
  revokeMember(ctx, memberId, keepFamilyId);
}
