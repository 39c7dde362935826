/**
 * The listeners of a client's identity changes (`store.auth.onIdentityChange`), and the work
 * they start: a listener may return a promise (the cart carrying a visitor's lines over), which
 * a sign-in waits for before it resolves.
 */
import type { IdentityChangeEvent } from '../auth-state.js';

/** The identity-change listeners of one client. */
export interface IdentityListeners {
  /** Adds a listener; returns the function that removes it. */
  add(listener: (event: IdentityChangeEvent) => unknown): () => void;
  /** Tells every listener, keeping the work they return. One that throws stops no other. */
  tell(event: IdentityChangeEvent): void;
  /** Settles once the work the last change's listeners started has settled. */
  settled(): Promise<void>;
}

/** The identity-change listeners of one client. */
export function createIdentityListeners(): IdentityListeners {
  const listeners = new Set<(event: IdentityChangeEvent) => unknown>();
  // What the listeners of the last identity change are still doing.
  let following: Promise<unknown>[] = [];
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell(event) {
      following = [];
      for (const listener of [...listeners]) {
        try {
          const work = listener(event);
          if (work instanceof Promise) following.push(work);
        } catch {
          // One failing listener must not keep the others (or the SDK) from hearing of it.
        }
      }
    },
    async settled() {
      await Promise.allSettled(following);
    },
  };
}
