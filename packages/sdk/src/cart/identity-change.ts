/**
 * What an identity change means for the cart. One rule, read by the cart store facade (which
 * decides whether the change needs the engine now) and by the engine (which follows it):
 * - `keep`: a first visitor was minted where there were no tokens. Nobody had a cart, so nothing
 *   changes (the call that minted it, perhaps an add, goes on); the new visitor has no cart yet.
 * - `carry`: a visitor signed in. The visitor's cart is carried into the member's.
 * - `switch`: anything else (sign-out, another visitor, tokens set or from another tab). The old
 *   cart leaves the state at once, changes not yet sent are cancelled, the new cart is read.
 */
import type { CartIdentityEvent } from './types.js';

/** What an identity change does to the cart. */
export type IdentityEffect = 'keep' | 'carry' | 'switch';

/** What `event` does to the cart (see the module's comment). */
export function identityEffect(event: CartIdentityEvent): IdentityEffect {
  if (event.reason === 'visitor' && event.previousRole === 'none') return 'keep';
  if (event.reason === 'login' && event.previousRole === 'visitor') return 'carry';
  return 'switch';
}
