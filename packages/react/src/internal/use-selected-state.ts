'use client';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/** A readable, subscribable store, like the SDK's `auth` and `cartStore`. */
export interface ExternalStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/**
 * Reads a slice of an external store. The component re-renders only when the selected value
 * changes by `isEqual` (shallow by default), however often the store itself changes.
 *
 * `serverState` is used on the server and during hydration, so both render the same thing.
 */
export function useSelectedState<S, T>(
  store: ExternalStore<S>,
  selector: (state: S) => T,
  serverState: () => S,
  isEqual: (a: T, b: T) => boolean = shallowEqual,
): T {
  // The last selection, reused while equal so React sees a stable snapshot (an inline selector
  // returning a new object each time would otherwise re-render, or loop, forever).
  const memo = useRef<{ state: S; selector: (state: S) => T; selected: T } | undefined>(undefined);
  const select = useCallback(
    (state: S): T => {
      const previous = memo.current;
      if (previous?.state === state && previous.selector === selector) return previous.selected;
      const next = selector(state);
      const selected =
        previous !== undefined && isEqual(previous.selected, next) ? previous.selected : next;
      memo.current = { state, selector, selected };
      return selected;
    },
    [selector, isEqual],
  );
  const subscribe = useCallback((onChange: () => void) => store.subscribe(onChange), [store]);
  return useSyncExternalStore(
    subscribe,
    () => select(store.getState()),
    () => select(serverState()),
  );
}

/** `Object.is`, or equal own enumerable keys with `Object.is` values for plain objects and arrays. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
