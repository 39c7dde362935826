import type { UnexpectedWebhookEventError } from './unexpected-event-error.js';
import type { WebhookVerificationError } from './verification-error.js';

// By name as well as class, so the guards hold with two installed copies of the SDK.
function hasName(value: unknown, name: string): boolean {
  return value instanceof Error && value.name === name;
}

/** `true` when a webhook body failed verification (`JWT is not valid`). */
export function isWebhookVerificationError(value: unknown): value is WebhookVerificationError {
  return hasName(value, 'WebhookVerificationError');
}

/** `true` when a verified webhook carried an event type the SDK does not handle. */
export function isUnexpectedWebhookEventError(
  value: unknown,
): value is UnexpectedWebhookEventError {
  return hasName(value, 'UnexpectedWebhookEventError');
}
