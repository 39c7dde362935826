/**
 * The SDK's typed errors and sign-in outcomes, as sentences a shopper understands. Codes are
 * data (tables below); anything unknown falls back to a plain, honest sentence. Unit-tested in
 * `src/__tests__/errors.test.ts`.
 */
import {
  isCartOperationCancelledError,
  isStoreApiError,
  isStoreApplicationError,
  isStoreArgumentError,
  isStoreAuthError,
  isStoreValidationError,
} from '@vitrine/sdk/lite';
import type { LoginErrorCode, LoginResult, StoreAuthErrorCode } from '@vitrine/sdk';

/** When nothing better is known. */
export const GENERIC_ERROR = 'Something went wrong on our side. Please try again.';

/** When the store cannot be reached. */
export const OFFLINE_ERROR =
  'We could not reach the store. Check your connection and try again in a moment.';

/** Sign-up and sign-in refusals (spec §8), by `LoginResult.errorCode`. */
export const LOGIN_ERROR_MESSAGES: Readonly<Record<LoginErrorCode, string>> = {
  invalidEmail: 'We could not find an account with that email. Check it, or create an account.',
  invalidPassword: 'That email and password do not match. Try again, or reset your password.',
  resetPassword: 'For your security, please choose a new password before signing in.',
  emailAlreadyExists: 'An account with this email already exists. Sign in instead?',
  missingCaptchaToken: 'Please confirm you are not a robot, then try again.',
  invalidCaptchaToken: 'The robot check expired. Please confirm again and retry.',
};

/** Identity failures, by `StoreAuthError.code`. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<StoreAuthErrorCode, string>> = {
  TOKEN_REQUEST_FAILED: GENERIC_ERROR,
  INVALID_GRANT: 'Your session has ended. Please sign in again.',
  TOKEN_ENDPOINT_UNREACHABLE: OFFLINE_ERROR,
  INVALID_TOKEN_RESPONSE: GENERIC_ERROR,
  SESSION_ENDED: 'Your session has ended. Please sign in again.',
  LOCK_TIMEOUT: 'Another tab of the shop is busy. Please try again.',
  OAUTH_TIMEOUT: 'Signing in took too long. Please try again.',
  AUTHORIZATION_ERROR: 'Sign-in was cancelled or refused. Please try again.',
  MISSING_CODE_OR_STATE:
    'This sign-in link is incomplete. Please start signing in again from the shop.',
  INVALID_STATE:
    'This sign-in link has expired or was already used. Please start signing in again.',
  MEMBER_TOKENS_FAILED: 'We could not finish signing you in. Please try again.',
  UNSAFE_URL: 'The sign-in page address looked unsafe, so we did not open it.',
  NO_CRYPTO: 'This browser cannot sign in securely here. Try another browser.',
  NOT_SUPPORTED: 'Signing in is not supported in this browser.',
};

/** A coupon code the store does not know, on either cart. */
export const INVALID_COUPON_MESSAGE =
  'That coupon code is not valid. Check the spelling and try again.';

/** A coupon the cart does not reach the minimum of, on either cart. */
export const COUPON_MINIMUM_MESSAGE =
  'Your cart does not reach the minimum amount for this coupon yet.';

/**
 * Platform refusals a shopper can meet, by `StoreApiError.code`. Cart V1 and Cart V2 name the
 * same refusal differently (`ERROR_COUPON_DOES_NOT_EXIST`, `INVALID_COUPON_CODE`): both are here,
 * with one sentence.
 */
export const API_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  ERROR_COUPON_DOES_NOT_EXIST: INVALID_COUPON_MESSAGE,
  INVALID_COUPON_CODE: INVALID_COUPON_MESSAGE,
  ERROR_COUPON_MINIMUM_SUBTOTAL: COUPON_MINIMUM_MESSAGE,
  ERROR_COUPON_IS_NOT_ACTIVE: 'That coupon is not active.',
  ERROR_COUPON_USAGE_EXCEEDED: 'That coupon has already been used up.',
  // Cart V2 says why a known coupon does not apply in the error's `reason` (COUPON_STATUS_MESSAGES).
  INVALID_COUPON_STATUS: 'That coupon cannot be used on this cart.',
  CART_HAS_NO_AVAILABLE_ITEMS:
    'None of the items in your cart can be bought right now. Remove sold-out items and try again.',
  OWNED_CART_NOT_FOUND: 'Your cart is empty.',
  INVALID_RECOVERY_TOKEN:
    'This reset link has expired or was already used. Ask for a new one below.',
  INVALID_VERIFICATION_CODE:
    'That code is not right, or it has expired. Check your email and retry.',
  INVALID_STATE_TOKEN: 'This verification has expired. Please sign up or sign in again.',
  MEMBER_NOT_FOUND: 'We could not find an account with that email.',
  NOT_FOUND: 'We could not find what you were looking for.',
  NETWORK_ERROR: OFFLINE_ERROR,
  TIMEOUT: 'The store is taking too long to answer. Please try again.',
  '-19976': LOGIN_ERROR_MESSAGES.invalidPassword,
  '-19973': LOGIN_ERROR_MESSAGES.resetPassword,
  '-19995': LOGIN_ERROR_MESSAGES.emailAlreadyExists,
  '-19971': LOGIN_ERROR_MESSAGES.missingCaptchaToken,
  '-19970': LOGIN_ERROR_MESSAGES.invalidCaptchaToken,
};

/**
 * Why Cart V2 refuses a known coupon (`INVALID_COUPON_STATUS`), by its `data.reason` (the one
 * reason the wire notes name); a reason not listed reads as the code's own sentence.
 */
export const COUPON_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  MIN_SUBTOTAL_NOT_REACHED: COUPON_MINIMUM_MESSAGE,
};

/** Field names of validation errors, as a shopper calls them. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  email: 'email',
  'loginId.email': 'email',
  password: 'password',
  couponCode: 'coupon code',
  code: 'code',
  postalCode: 'postal code',
  country: 'country',
};

/**
 * A sentence for anything a hook or the SDK threw.
 *
 * @example errorMessage(applyCoupon.error) // 'That coupon code is not valid. …'
 */
export function errorMessage(error: unknown): string {
  if (error === null || error === undefined) return GENERIC_ERROR;
  if (isCartOperationCancelledError(error)) {
    return 'Your cart changed while you were signing in or out, so this change was not made. Please try again.';
  }
  if (isStoreAuthError(error)) {
    return AUTH_ERROR_MESSAGES[error.code] ?? GENERIC_ERROR;
  }
  if (isStoreValidationError(error)) {
    const fields = [
      ...new Set(error.fieldViolations.map((v) => FIELD_NAMES[v.field] ?? lastSegment(v.field))),
    ];
    return fields.length > 0
      ? `Please check the ${joinWords(fields)} and try again.`
      : 'Please check what you entered and try again.';
  }
  if (isStoreApplicationError(error)) {
    const reason = error.data.reason;
    const why = typeof reason === 'string' ? COUPON_STATUS_MESSAGES[reason] : undefined;
    if (error.code === 'INVALID_COUPON_STATUS' && why) return why;
  }
  if (isStoreApiError(error)) {
    const known = API_ERROR_MESSAGES[error.code];
    if (known) return known;
    if (error.status === 429) return 'The store is busy right now. Please try again in a moment.';
    if (error.status === 401 || error.status === 403) {
      return 'Your session has ended. Please reload the page.';
    }
    return error.retryable ? 'The store had a hiccup. Please try again.' : GENERIC_ERROR;
  }
  if (isStoreArgumentError(error)) return 'Please check what you entered and try again.';
  return GENERIC_ERROR;
}

/** Which form a sign-in result came from: `invalidEmail` means different things in each. */
export type LoginStep = 'sign-in' | 'sign-up' | 'verify';

/**
 * A sentence for a failed sign-up, sign-in or verification (`loginState: 'FAILURE'`), or
 * `undefined` when the result is not a failure.
 */
export function loginResultMessage(
  result: LoginResult | undefined,
  step: LoginStep = 'sign-in',
): string | undefined {
  if (!result || result.loginState !== 'FAILURE') return undefined;
  if (result.errorCode === 'invalidEmail' && step === 'sign-up') {
    return 'Please enter a valid email address, like name@example.com.';
  }
  if (result.errorCode) return LOGIN_ERROR_MESSAGES[result.errorCode];
  const text = result.error ?? '';
  if (/verification code/i.test(text)) return API_ERROR_MESSAGES.INVALID_VERIFICATION_CODE;
  if (/state token|unknown _state/i.test(text)) return API_ERROR_MESSAGES.INVALID_STATE_TOKEN;
  if (/system error|network|timed out/i.test(text)) return OFFLINE_ERROR;
  return 'We could not sign you in. Please try again.';
}

function lastSegment(field: string): string {
  return field.split('.').pop() ?? field;
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}
