import type { VitrineError } from './vitrine-error.js';

// Every class of the hierarchy, by name: an app that ends up with two installed copies of the
// packages has two `VitrineError` classes, and `instanceof` then answers for one copy only.
const NAMES = new Set([
  'VitrineError',
  'StoreApiError',
  'StoreValidationError',
  'StoreApplicationError',
  'CatalogVersionError',
  'StoreClientError',
  'StoreSystemError',
  'StoreArgumentError',
  'StoreAuthError',
  'CartOperationCancelledError',
  'WebhookVerificationError',
  'UnexpectedWebhookEventError',
  'MissingStoreProviderError',
  'PurchaseRefusedError',
]);

/**
 * `true` for every error the Vitrine packages throw (see {@link VitrineError}), also when it
 * comes from another installed copy of them.
 *
 * @example
 * if (isVitrineError(error)) report(error.code, error.retryable);
 */
export function isVitrineError(value: unknown): value is VitrineError {
  return value instanceof Error && NAMES.has(value.name) && 'code' in value;
}
