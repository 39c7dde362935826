'use client';
import { useSyncExternalStore } from 'react';
import type { StoreClient } from '@vitrine/sdk';

/** How many times the identity behind a client's tokens has changed, and who is listening. */
interface IdentityCount {
  value: number;
  listeners: Set<() => void>;
}

const counts = new WeakMap<StoreClient, IdentityCount>();

function countOf(client: StoreClient): IdentityCount {
  let count = counts.get(client);
  if (count === undefined) {
    const created: IdentityCount = { value: 0, listeners: new Set() };
    // Released with the client's other listeners by `dispose()`.
    client.auth.onIdentityChange(() => {
      created.value += 1;
      for (const listener of created.listeners) listener();
    });
    counts.set(client, created);
    count = created;
  }
  return count;
}

/**
 * A number that changes each time the identity behind `client`'s tokens changes (a sign-in,
 * a sign-out, another member's tokens), never on a plain refresh. Put in a query key, it keeps one
 * member's data from ever showing to the next: their reads have different keys.
 */
export function useIdentity(client: StoreClient): number {
  const count = countOf(client);
  return useSyncExternalStore(
    (listener) => {
      count.listeners.add(listener);
      return () => count.listeners.delete(listener);
    },
    () => count.value,
    () => count.value,
  );
}
