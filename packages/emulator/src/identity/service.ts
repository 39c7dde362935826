/**
 * The identity service: every sign-in, registration, password, recovery and verification step of
 * the IAM API (routes.ts) and the hosted pages, each as one store transaction. Slow work (password
 * hashing and checks) happens before the transaction; the transaction itself never waits, so two
 * requests cannot interleave inside one.
 */
import type { IdentityCaller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { fieldError, notFound } from '../http/errors.js';
import { findClient, isRegisteredUri } from '../oauth/clients.js';
import { randomId } from '../crypto/random.js';
import { revokeFamily } from '../oauth/tokens.js';
import type { NewMemberInput } from './members.js';
import {
  addMember,
  checkCredentials,
  findMemberByEmail,
  memberById,
  prepareMember,
  setPassword,
} from './members.js';
import { hashPassword } from './passwords.js';
import type { AuthResponse } from '../models/identity.js';
import { liveRecoveryToken, resetPassword, sendRecoveryMail } from './recovery.js';
import {
  checkCaptcha,
  continueLogin,
  proceed,
  resendCode,
  startVerification,
  verifyCode,
} from './sign-in.js';

/** Captcha tokens sent with an API call; the hosted pages send none and are not asked. */
export interface Captcha {
  tokens: { Recaptcha?: string; InvisibleRecaptcha?: string }[] | undefined;
}

/**
 * Registers a member with a password and answers the next step of the sign-in.
 * @throws {ApiError} captcha errors (when `captcha` is given), -19995 when the email is taken.
 */
export async function register(
  ctx: EmulatorContext,
  input: NewMemberInput,
  captcha?: Captcha,
): Promise<AuthResponse> {
  if (captcha) checkCaptcha(ctx, captcha.tokens);
  const prepared = await prepareMember(ctx, input);
  return ctx.store.transaction((tx) => continueLogin(ctx, tx, addMember(ctx, tx, prepared)));
}

/**
 * Checks an email and password and answers the next step of the sign-in.
 * @throws {ApiError} captcha errors (when `captcha` is given), MEMBER_NOT_FOUND, -19976, -19973.
 */
export async function login(
  ctx: EmulatorContext,
  email: string,
  password: string,
  captcha?: Captcha,
): Promise<AuthResponse> {
  if (captcha) checkCaptcha(ctx, captcha.tokens);
  const member = await checkCredentials(ctx, email, password);
  return ctx.store.transaction((tx) => continueLogin(ctx, tx, member));
}

/**
 * Signs in the member with this email on a trusted word (the identity provider's token
 * parameters, or a server's sign-on with the API key), creating the member when there is none.
 */
export function trustedLogin(ctx: EmulatorContext, input: NewMemberInput): Promise<AuthResponse> {
  return ctx.store.transaction((tx) => {
    const member =
      findMemberByEmail(ctx, input.email) ?? addMember(ctx, tx, { input, passwordHash: undefined });
    return continueLogin(ctx, tx, member);
  });
}

/** `state/proceed`: continues a login waiting for the owner. */
export function proceedLogin(ctx: EmulatorContext, stateToken: string): Promise<AuthResponse> {
  return ctx.store.transaction((tx) => proceed(ctx, tx, stateToken));
}

/**
 * Changes a signed-in member's password and ends the member's other sessions: every sign-in
 * but the caller's is revoked, refresh and access tokens alike.
 * @throws {ApiError} 404 when the caller is not a member (any more).
 */
export async function changePassword(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  password: string,
): Promise<void> {
  const memberId = caller.memberId;
  if (caller.role !== 'member' || memberId === undefined) throw notFound('No member is signed in');
  const passwordHash = await hashPassword(password);
  await ctx.store.transaction((tx) => {
    setPassword(ctx, tx, memberId, passwordHash, caller.familyId);
  });
}

/**
 * Mails a recovery link to the member with this email, if any: the answer is the same either
 * way, so it cannot be used to probe for members.
 * @throws {ApiError} 400 when `redirect` names an unregistered client or redirect URI.
 */
export function sendRecovery(
  ctx: EmulatorContext,
  email: string,
  redirect?: { clientId: string; url: string },
): Promise<void> {
  if (redirect) {
    const client = findClient(ctx, redirect.clientId);
    if (!client) throw fieldError('redirect.clientId', 'is not a registered client', 'VALIDATION');
    if (!isRegisteredUri(client, redirect.url))
      throw fieldError(
        'redirect.url',
        'is not a registered redirect URI of the client',
        'VALIDATION',
      );
  }
  return ctx.store.transaction((tx) => {
    const member = findMemberByEmail(ctx, email);
    if (member) sendRecoveryMail(ctx, tx, member, 'recovery', redirect?.url);
  });
}

/** Mails an activation link to a member. @throws {ApiError} 404 when there is no such member. */
export function sendActivation(ctx: EmulatorContext, identityId: string): Promise<void> {
  return ctx.store.transaction((tx) => {
    const member = memberById(ctx, identityId);
    if (!member) throw notFound('No identity has this id');
    sendRecoveryMail(ctx, tx, member, 'activation');
  });
}

/** The new password's hash, once the token is known to be live (so a dead one costs no hash). */
async function hashForRecovery(ctx: EmulatorContext, token: string, password: string) {
  liveRecoveryToken(ctx, token);
  return hashPassword(password);
}

/**
 * Sets a new password with a recovery token (single use, 1 hour), ending the member's sessions.
 * @returns where the hosted page should return to, if anywhere.
 * @throws {ApiError} INVALID_RECOVERY_TOKEN.
 */
export async function recoverPassword(
  ctx: EmulatorContext,
  token: string,
  password: string,
): Promise<{ redirectUrl: string | undefined }> {
  const passwordHash = await hashForRecovery(ctx, token, password);
  return ctx.store.transaction((tx) => {
    const { redirectUrl } = resetPassword(ctx, tx, token, passwordHash);
    return { redirectUrl };
  });
}

/**
 * The API's recovery: sets the new password and answers the next step of the sign-in, as after a
 * login (the official client reads `state`): the member may go on with the new password at once.
 * @throws {ApiError} INVALID_RECOVERY_TOKEN.
 */
export async function recoverAndLogin(
  ctx: EmulatorContext,
  token: string,
  password: string,
): Promise<AuthResponse> {
  const passwordHash = await hashForRecovery(ctx, token, password);
  return ctx.store.transaction((tx) =>
    continueLogin(ctx, tx, resetPassword(ctx, tx, token, passwordHash).member),
  );
}

/** Starts an email verification for a member outside a login: mails a code. */
export function startEmailVerification(
  ctx: EmulatorContext,
  identityId: string,
): Promise<{ verificationId: string; stateToken: string }> {
  return ctx.store.transaction((tx) => {
    const member = memberById(ctx, identityId);
    if (!member) throw notFound('No identity has this id');
    return { verificationId: randomId(), stateToken: startVerification(ctx, tx, member) };
  });
}

/**
 * Checks a verification code and answers the next step of the sign-in.
 * @throws {ApiError} INVALID_STATE_TOKEN or INVALID_VERIFICATION_CODE.
 */
export function verifyEmail(
  ctx: EmulatorContext,
  stateToken: string,
  code: string,
): Promise<AuthResponse> {
  // A wrong code still counts an attempt, which must survive a restart.
  return ctx.store.transaction((tx) => verifyCode(ctx, tx, stateToken, code), {
    keepsChanges: () => true,
  });
}

/** Mails a new verification code (the old one stops working). */
export function resendVerification(ctx: EmulatorContext, stateToken: string): Promise<void> {
  return ctx.store.transaction((tx) => resendCode(ctx, tx, stateToken));
}

/**
 * Checks where a logout may return to: the client must be registered, and the target one of its
 * redirect URIs. @throws {ApiError} 400 naming the parameter.
 */
export function checkLogoutTarget(
  ctx: EmulatorContext,
  clientId: string | undefined,
  target: string | undefined,
): void {
  const client = clientId === undefined ? undefined : findClient(ctx, clientId);
  if (clientId !== undefined && !client)
    throw fieldError('clientId', 'is not a registered client', 'VALIDATION');
  if (target !== undefined && (!client || !isRegisteredUri(client, target))) {
    throw fieldError(
      'postLogoutRedirectUri',
      'is not a registered redirect URI of the client',
      'VALIDATION',
    );
  }
}

/** Ends a visitor's or member's sign-in (every token of it). */
export function logout(ctx: EmulatorContext, caller: IdentityCaller): Promise<void> {
  return ctx.store.transaction((tx) => revokeFamily(tx, caller.familyId));
}
