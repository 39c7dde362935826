import {
  CartOperationCancelledError,
  StoreApplicationError,
  StoreAuthError,
  StoreSystemError,
  StoreValidationError,
} from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import {
  GENERIC_ERROR,
  LOGIN_ERROR_MESSAGES,
  OFFLINE_ERROR,
  errorMessage,
  loginResultMessage,
} from '../lib/errors';

const base = { status: 400, requestId: 'r1', details: {}, retryable: false };

describe('errors', () => {
  describe('errorMessage', () => {
    it('explains coupon refusals', () => {
      const error = new StoreApplicationError({
        ...base,
        message: 'No coupon has this code',
        code: 'ERROR_COUPON_DOES_NOT_EXIST',
        description: 'No coupon has this code',
        data: {},
      });
      expect(errorMessage(error)).toBe(
        'That coupon code does not exist. Check the spelling and try again.',
      );
    });

    it('names the fields of a validation error in words', () => {
      const error = new StoreValidationError({
        ...base,
        message: 'INVALID_ARGUMENT: …',
        code: 'INVALID_ARGUMENT',
        fieldViolations: [
          { field: 'loginId.email', description: 'bad' },
          { field: 'password', description: 'short' },
        ],
      });
      expect(errorMessage(error)).toBe('Please check the email and password and try again.');
    });

    it('says the store cannot be reached on a network error', () => {
      const error = new StoreSystemError({
        ...base,
        status: undefined,
        message: 'System error occurred',
        code: 'NETWORK_ERROR',
        retryable: true,
      });
      expect(errorMessage(error)).toBe(OFFLINE_ERROR);
    });

    it('maps identity failures by code', () => {
      const error = new StoreAuthError({ code: 'INVALID_STATE', message: 'Invalid _state' });
      expect(errorMessage(error)).toMatch(/expired or was already used/);
    });

    it('explains a cart change cancelled by a sign-in', () => {
      expect(errorMessage(new CartOperationCancelledError('identity changed'))).toMatch(
        /signing in or out/,
      );
    });

    it('never shows a raw message for anything else', () => {
      expect(errorMessage(new Error('TypeError: x is undefined'))).toBe(GENERIC_ERROR);
      expect(errorMessage(undefined)).toBe(GENERIC_ERROR);
      expect(errorMessage('boom')).toBe(GENERIC_ERROR);
    });
  });

  describe('loginResultMessage', () => {
    it('is undefined unless the sign-in failed', () => {
      expect(loginResultMessage(undefined)).toBeUndefined();
      expect(loginResultMessage({ loginState: 'SUCCESS' })).toBeUndefined();
      expect(loginResultMessage({ loginState: 'EMAIL_VERIFICATION_REQUIRED' })).toBeUndefined();
    });

    it('maps every spec §8 code to a sentence', () => {
      for (const [errorCode, sentence] of Object.entries(LOGIN_ERROR_MESSAGES)) {
        expect(
          loginResultMessage({
            loginState: 'FAILURE',
            errorCode: errorCode as keyof typeof LOGIN_ERROR_MESSAGES,
          }),
        ).toBe(sentence);
      }
    });

    it('reads invalidEmail as a badly written address at sign-up', () => {
      expect(
        loginResultMessage({ loginState: 'FAILURE', errorCode: 'invalidEmail' }, 'sign-up'),
      ).toMatch(/valid email address/);
    });

    it('explains a wrong verification code', () => {
      expect(
        loginResultMessage(
          { loginState: 'FAILURE', error: 'The verification code is wrong or expired' },
          'verify',
        ),
      ).toMatch(/code is not right/);
    });
  });
});
