/**
 * The cart follows the identity behind the client's tokens. When it changes (sign-in, sign-out,
 * a new visitor, tokens from another tab), the old cart leaves the state at once, changes not
 * yet sent are cancelled, and the new identity's cart is read; at a visitor's sign-in the
 * visitor's lines are carried into the member's cart instead.
 */
import type { Cart } from '../../models/cart.js';
import type { Tokens } from '../../models/tokens.js';
import { isStoreApiError } from '../../http/errors/type-guards.js';
import { CartOperationCancelledError } from '../cart-operation-cancelled-error.js';
import { identityEffect } from '../identity-change.js';
import type { CartCarryOver, CartIdentityEvent } from '../types.js';
import {
  carryOverCart,
  visitorCartOf,
  type VisitorCart,
  type VisitorCartSource,
} from './carry-over.js';
import type { NoCartHint } from './no-cart-hint.js';
import { cartUnreadable } from './cart-reducer.js';
import type { CartChange, EngineParts } from './types.js';

/** The identity following of one cart engine. */
export interface IdentityFollowing {
  /**
   * Called on each identity change. Returns the carry-over it starts at a sign-in (which the
   * sign-in awaits), or `undefined`.
   */
  identityChanged(event: CartIdentityEvent): Promise<unknown> | undefined;
  /** The outcome of the last carry-over, once it has settled. */
  whenCarriedOver(): Promise<CartCarryOver | undefined>;
}

/** What the identity following reads besides the engine's parts. */
export interface IdentityFollowingOptions {
  /** Reads another identity's cart with its access token (the visitor's, at sign-in). */
  readCartWithToken?: ((accessToken: string) => Promise<Cart>) | undefined;
  /** The tokens now. */
  tokens: () => Tokens | undefined;
  /** What this browser remembers of visitors with no cart. */
  noCart: NoCartHint;
}

/** Makes a cart engine follow identity changes. */
export function createIdentityFollowing(
  parts: EngineParts,
  { readCartWithToken, tokens, noCart }: IdentityFollowingOptions,
): IdentityFollowing {
  // The carry-over of the last sign-in, while it runs.
  let carrying: Promise<unknown> | undefined;

  function startCarryOver(visitor: VisitorCartSource): Promise<unknown> {
    parts.dispatch({ type: 'carryOverStarted' });
    carrying = parts
      .enqueue({
        operation: 'carryOver',
        lineIds: [],
        coupon: false,
        changesCart: true,
        fail: (state, error) => ({
          ...cartUnreadable(state, error),
          carryOver: { status: 'failed', carried: [], failed: [], error },
        }),
        run: async () => {
          const { cart, outcome } = await carryOverCart(parts.calls, visitor, () =>
            parts.readCart(),
          );
          return { cart, value: outcome, settle: (state) => ({ ...state, carryOver: outcome }) };
        },
      })
      .catch(noop);
    return carrying;
  }

  function requeue(read: CartChange): void {
    void parts.queue.push(read);
    parts.dispatch({ type: 'queued', change: read });
  }

  return {
    identityChanged(event) {
      const effect = identityEffect(event);
      // A new visitor has no cart, unless the change that minted it (an add) is making one now,
      // or an add sent before this engine heard of it did.
      const changing = parts.queue.sending?.changesCart === true;
      const freshVisitor = event.reason === 'visitor' && !changing && noCart.remember(tokens());
      // A member's adds (the carry-over's among them) left a mark meant for a visitor minted
      // after them: once the member has gone, it says nothing of whoever comes next. (A visitor
      // just remembered as having no cart keeps that.)
      if (event.previousRole === 'member' && !freshVisitor) noCart.forget();
      if (effect === 'keep') {
        parts.dispatch({ type: 'freshVisitor', freshVisitor });
        return undefined;
      }
      const before = parts.getState();
      const used = before.status !== 'idle' || parts.queue.jobs.length > 0;
      // What this page shows is the visitor's cart only once it was read (with any change still
      // queued on top). Before that — never loaded, or the first read still on its way — the
      // visitor's cart is read from the platform with the visitor's token instead.
      const visitorView =
        effect === 'carry' && before.status === 'ready' ? visitorCartOf(parts.view()) : undefined;

      return parts.batch(() => {
        // The call on the wire (if any) settles on its own; the changes not yet sent are
        // cancelled; the reads not yet sent read the new identity's cart, after the carry-over.
        const reads = parts.queue.nextLane(
          new CartOperationCancelledError('the signed-in identity changed'),
          (change) => change.read === true,
        );
        parts.dispatch({ type: 'identityChanged', freshVisitor });
        let carried: Promise<unknown> | undefined;
        if (effect === 'carry') {
          const token = event.previousTokens?.accessToken.value;
          // A visitor known to have no cart is not asked for one (the platform would answer 404).
          const visitor: VisitorCartSource =
            visitorView ??
            (token !== undefined && readCartWithToken && !noCart.knows(event.previousTokens)
              ? () => readCartWithToken(token).then(visitorCartOf, noCartAsEmpty)
              : visitorCartOf(null));
          noCart.forget();
          carried = startCarryOver(visitor);
        } else if (event.role === 'none' && !changing) {
          // Signed out with no tokens: nobody has a cart, and reading one would mint a visitor.
          // (A change still on its way may yet mint one and land in its cart: then it is read.)
          parts.dispatch({ type: 'signedOut', used });
        } else if (used && reads.length === 0) {
          parts.load().catch(noop);
        }
        for (const read of reads) requeue(read);
        return carried;
      });
    },

    async whenCarriedOver() {
      await carrying;
      return parts.getState().carryOver;
    },
  };
}

function noCartAsEmpty(error: unknown): VisitorCart {
  if (isStoreApiError(error) && error.status === 404) return visitorCartOf(null);
  throw error;
}

function noop(): void {}
