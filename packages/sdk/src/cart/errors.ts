/**
 * A cart change that was queued but never sent: the identity behind the client changed first
 * (sign-in, sign-out, a new visitor), the line it was about was never added, or the store was
 * disposed. Nothing reached the platform for it. At sign-in, lines the visitor was adding are
 * carried into the member's cart even so (see `CartState.carryOver`).
 */
export class CartOperationCancelledError extends Error {
  override name = 'CartOperationCancelledError' as const;

  constructor(reason: string) {
    super(`Cart operation cancelled: ${reason}`);
  }
}

/** `true` for a {@link CartOperationCancelledError}, even from another copy of the SDK. */
export function isCartOperationCancelledError(
  value: unknown,
): value is CartOperationCancelledError {
  return value instanceof Error && value.name === 'CartOperationCancelledError';
}
