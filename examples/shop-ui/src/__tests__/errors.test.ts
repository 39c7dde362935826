import {
  CartOperationCancelledError,
  StoreApplicationError,
  StoreAuthError,
  StoreSystemError,
  StoreValidationError,
} from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import {
  COUPON_MINIMUM_MESSAGE,
  GENERIC_ERROR,
  LOGIN_ERROR_MESSAGES,
  OFFLINE_ERROR,
  errorMessage,
  loginResultMessage,
} from '../lib/errors';

const base = { status: 400, requestId: 'r1', details: {}, retryable: false };

describe('errors', () => {
  describe('errorMessage', () => {
    it('reads an unknown coupon code the same on Cart V1 and Cart V2', () => {
      for (const code of ['ERROR_COUPON_DOES_NOT_EXIST', 'INVALID_COUPON_CODE']) {
        const error = new StoreApplicationError({
          ...base,
          message: 'No coupon has this code',
          code,
          description: 'No coupon has this code',
          data: { couponCode: 'NOPE' },
        });
        expect(errorMessage(error), code).toBe(
          'That coupon code is not valid. Check the spelling and try again.',
        );
      }
    });

    it("reads a coupon's minimum the same on Cart V1 and Cart V2 (its reason)", () => {
      const v1 = new StoreApplicationError({
        ...base,
        message: 'Minimum subtotal not reached',
        code: 'ERROR_COUPON_MINIMUM_SUBTOTAL',
        description: '',
        data: {},
      });
      const v2 = new StoreApplicationError({
        ...base,
        message: "The cart subtotal is below this coupon's minimum",
        code: 'INVALID_COUPON_STATUS',
        description: '',
        data: { couponCode: 'SAVE5', reason: 'MIN_SUBTOTAL_NOT_REACHED' },
      });
      expect(errorMessage(v1)).toBe(COUPON_MINIMUM_MESSAGE);
      expect(errorMessage(v2)).toBe(COUPON_MINIMUM_MESSAGE);
      // Another reason reads as the code's own sentence.
      const other = new StoreApplicationError({
        ...base,
        message: 'Expired',
        code: 'INVALID_COUPON_STATUS',
        description: '',
        data: { reason: 'SOMETHING_ELSE' },
      });
      expect(errorMessage(other)).toBe('That coupon cannot be used on this cart.');
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
