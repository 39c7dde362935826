import { describe, expect, it } from 'vitest';
import { StoreAuthError } from '../../auth/store-auth-error.js';
import { CartOperationCancelledError } from '../../cart/cart-operation-cancelled-error.js';
import { StoreApplicationError } from '../../http/errors/application-error.js';
import { StoreClientError } from '../../http/errors/client-error.js';
import { StoreApiError } from '../../http/errors/store-api-error.js';
import { StoreSystemError } from '../../http/errors/system-error.js';
import { StoreValidationError } from '../../http/errors/validation-error.js';
import { UnexpectedWebhookEventError } from '../../webhooks/errors/unexpected-event-error.js';
import { WebhookVerificationError } from '../../webhooks/errors/verification-error.js';
import { StoreArgumentError } from '../argument-error.js';
import { isVitrineError } from '../is-vitrine-error.js';
import { VitrineError } from '../vitrine-error.js';

const api = {
  message: 'm',
  status: 503,
  code: 'SYSTEM_ERROR',
  requestId: undefined,
  details: {},
  retryable: true,
};

const everyKind: [string, VitrineError, string, boolean][] = [
  ['StoreApiError', new StoreApiError(api), 'SYSTEM_ERROR', true],
  [
    'StoreValidationError',
    new StoreValidationError({ ...api, code: 'INVALID_ARGUMENT', fieldViolations: [] }),
    'INVALID_ARGUMENT',
    true,
  ],
  [
    'StoreApplicationError',
    new StoreApplicationError({ ...api, code: '-19976', description: 'd', data: {} }),
    '-19976',
    true,
  ],
  ['StoreClientError', new StoreClientError({ ...api, retryable: false }), 'SYSTEM_ERROR', false],
  ['StoreSystemError', new StoreSystemError(api), 'SYSTEM_ERROR', true],
  ['StoreArgumentError', new StoreArgumentError('id', 'must not be empty'), 'BAD_ARGUMENT', false],
  [
    'StoreAuthError',
    new StoreAuthError({ code: 'LOCK_TIMEOUT', message: 'm', retryable: true }),
    'LOCK_TIMEOUT',
    true,
  ],
  [
    'CartOperationCancelledError',
    new CartOperationCancelledError('the store was disposed'),
    'CART_OPERATION_CANCELLED',
    false,
  ],
  ['WebhookVerificationError', new WebhookVerificationError(), 'INVALID_WEBHOOK', false],
  [
    'UnexpectedWebhookEventError',
    new UnexpectedWebhookEventError('x.y', 'i'),
    'UNEXPECTED_WEBHOOK_EVENT',
    false,
  ],
];

describe('vitrine-error', () => {
  describe('VitrineError', () => {
    it.each(everyKind)(
      '%s extends the root, with its code and retryable',
      (name, error, code, retryable) => {
        expect(error).toBeInstanceOf(VitrineError);
        expect(error).toBeInstanceOf(Error);
        expect(error).toMatchObject({ name, code, retryable });
        expect(isVitrineError(error)).toBe(true);
        expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name, code, retryable });
      },
    );

    it('keeps the messages each class had', () => {
      expect(new StoreArgumentError('lineItems', 'must not be empty').message).toBe(
        'Invalid argument "lineItems": must not be empty',
      );
      expect(new WebhookVerificationError().message).toBe('JWT is not valid');
      expect(new CartOperationCancelledError('why').message).toBe('Cart operation cancelled: why');
    });
  });

  describe('isVitrineError', () => {
    it('recognises an error of another installed copy by its name', () => {
      const foreign = Object.assign(new Error('Invalid _state'), {
        name: 'StoreAuthError',
        code: 'INVALID_STATE',
        retryable: false,
      });
      expect(foreign).not.toBeInstanceOf(VitrineError);
      expect(isVitrineError(foreign)).toBe(true);
    });

    it('is false for anything else', () => {
      expect(isVitrineError(new Error('x'))).toBe(false);
      expect(isVitrineError(new TypeError('fetch failed'))).toBe(false);
      expect(isVitrineError({ name: 'StoreApiError', code: 'X' })).toBe(false);
      expect(isVitrineError('StoreApiError')).toBe(false);
      expect(isVitrineError(undefined)).toBe(false);
    });
  });
});
