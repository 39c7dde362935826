import { VitrineError } from '../errors/vitrine-error.js';

/**
 * A cart change that was queued but never sent: the identity behind the client changed first
 * (sign-in, sign-out, a new visitor), the line it was about was never added, or the store was
 * disposed. Nothing reached the platform for it. At sign-in, lines the visitor was adding are
 * carried into the member's cart even so (see `CartState.carryOver`). `code` is always
 * `CART_OPERATION_CANCELLED`.
 */
export class CartOperationCancelledError extends VitrineError {
  override name = 'CartOperationCancelledError' as const;
  declare readonly code: 'CART_OPERATION_CANCELLED';

  constructor(reason: string) {
    super(`Cart operation cancelled: ${reason}`, { code: 'CART_OPERATION_CANCELLED' });
  }
}
