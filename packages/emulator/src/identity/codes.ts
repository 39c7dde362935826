/**
 * Application error codes of the identity calls. The first five are the platform's, mapped by
 * clients as in spec.md §8; the rest are the emulator's own, named for what happened.
 */
import { applicationError } from '../http/errors.js';
import type { ApiError } from '../http/errors.js';

export const IDENTITY_ERRORS = {
  missingCaptchaToken: { code: '-19971', description: 'A captcha token is required' },
  invalidCaptchaToken: { code: '-19970', description: 'The captcha token is not valid' },
  emailAlreadyExists: { code: '-19995', description: 'A member with this email already exists' },
  invalidPassword: { code: '-19976', description: 'The email or password is wrong' },
  resetPassword: { code: '-19973', description: 'The member must reset their password' },
  memberNotFound: { code: 'MEMBER_NOT_FOUND', description: 'No member has this email' },
  invalidStateToken: {
    code: 'INVALID_STATE_TOKEN',
    description: 'The state token is unknown, used or expired',
  },
  invalidVerificationCode: {
    code: 'INVALID_VERIFICATION_CODE',
    description: 'The verification code is wrong or expired',
  },
  invalidRecoveryToken: {
    code: 'INVALID_RECOVERY_TOKEN',
    description: 'The recovery token is unknown, used or expired',
  },
  invalidIdpConnection: {
    code: 'INVALID_IDP_CONNECTION',
    description:
      "The identity provider's token is missing, not valid for this connection, or expired",
  },
} as const;

/** An identity error's key. */
export type IdentityErrorKey = keyof typeof IDENTITY_ERRORS;

/** A 400 application error for an identity failure. */
export function identityError(key: IdentityErrorKey, status: 400 | 404 = 400): ApiError {
  const { code, description } = IDENTITY_ERRORS[key];
  return applicationError(status, code, description);
}

/**
 * The captcha token every emulator accepts when captcha is required; any other token is
 * refused with -19970.
 */
export const VALID_CAPTCHA_TOKEN = 'vitrine-captcha-ok';
