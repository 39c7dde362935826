/**
 * Telling a client's identity-change listeners (`store.auth.onIdentityChange`) of a change. A
 * listener may return a promise of work the change set off (the cart carrying a visitor's lines
 * over), which a sign-in waits for before it resolves.
 */
import type { IdentityChangeEvent } from '../auth-state.js';

/** A listener of identity changes. */
export type IdentityListener = (event: IdentityChangeEvent) => unknown;

/**
 * Tells every listener of `event`; returns the work they set off. One that throws keeps no other
 * (nor the SDK) from hearing of it.
 */
export function tellListeners(
  listeners: ReadonlySet<IdentityListener>,
  event: IdentityChangeEvent,
): Promise<unknown>[] {
  const following: Promise<unknown>[] = [];
  for (const listener of [...listeners]) {
    try {
      const work = listener(event);
      if (work instanceof Promise) following.push(work);
    } catch {
      // As said: the others still hear of it.
    }
  }
  return following;
}
