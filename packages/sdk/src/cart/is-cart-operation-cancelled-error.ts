import type { CartOperationCancelledError } from './cart-operation-cancelled-error.js';

/** `true` for a {@link CartOperationCancelledError}, even from another copy of the SDK. */
export function isCartOperationCancelledError(
  value: unknown,
): value is CartOperationCancelledError {
  return value instanceof Error && value.name === 'CartOperationCancelledError';
}
