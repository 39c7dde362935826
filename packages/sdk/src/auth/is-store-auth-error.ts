import type { StoreAuthError } from './store-auth-error.js';

/** `true` for a {@link StoreAuthError}, even from another installed copy of the SDK. */
export function isStoreAuthError(value: unknown): value is StoreAuthError {
  return value instanceof Error && value.name === 'StoreAuthError';
}
