import { defineEnum, type EnumValue } from './enum.js';
import type { Identity } from './identity.js';

/**
 * Where a member sign-in stands.
 *
 * @example
 * if (result.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED) showCodeForm();
 */
export const LoginState = /* @__PURE__ */ defineEnum([
  'INITIAL',
  'SUCCESS',
  'FAILURE',
  'EMAIL_VERIFICATION_REQUIRED',
  'OWNER_APPROVAL_REQUIRED',
  'USER_CAPTCHA_REQUIRED',
  'SILENT_CAPTCHA_REQUIRED',
]);
export type LoginState = EnumValue<typeof LoginState>;

/**
 * Why a registration or a sign-in failed, when the platform said so. A failure with
 * no `errorCode` is one the platform did not classify (a network failure, an outage): read
 * `error` for its message.
 */
export const LoginErrorCode = /* @__PURE__ */ defineEnum([
  'invalidEmail',
  'missingCaptchaToken',
  'emailAlreadyExists',
  'invalidCaptchaToken',
  'invalidPassword',
  'resetPassword',
]);
export type LoginErrorCode = EnumValue<typeof LoginErrorCode>;

/** What a sign-in step hands back besides its state. */
export interface LoginResultData {
  /**
   * With `EMAIL_VERIFICATION_REQUIRED`: the token that identifies this sign-in to
   * `processVerification`. Keep it (for example in the server session) when the client that
   * called `login` is not the one that will verify.
   */
  stateToken?: string;
  /** The identity the platform returned, when it returned one. */
  identity?: Identity;
}

/**
 * The outcome of `register`, `login` and `processVerification`. These calls never throw for a
 * refused or failed sign-in: they resolve with `loginState: 'FAILURE'`, a readable `error`, and
 * an `errorCode` when the platform gave a reason.
 *
 * @example
 * const result = await store.auth.login({ email, password });
 * if (result.loginState === 'FAILURE' && result.errorCode === 'invalidPassword') showWrongPassword();
 */
export interface LoginResult {
  loginState: LoginState;
  data?: LoginResultData;
  /** A readable reason, with `FAILURE`. Never holds a password, token or code. */
  error?: string;
  /** Why, with `FAILURE`, when the platform said so (see {@link LoginErrorCode}). */
  errorCode?: LoginErrorCode;
}

/**
 * A captcha token the user produced, of either kind. Sent on the wire as
 * `[{ Recaptcha: … }, { InvisibleRecaptcha: … }]`.
 *
 * @example
 * await store.auth.login({ email, password, captchaTokens: { invisibleRecaptchaToken: token } });
 */
export interface CaptchaTokens {
  /** A token from the visible captcha (site key `captchaSiteKeys.visible`). */
  recaptchaToken?: string;
  /** A token from the invisible captcha (site key `captchaSiteKeys.invisible`). */
  invisibleRecaptchaToken?: string;
}
