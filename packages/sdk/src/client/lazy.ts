/**
 * Parts of the client loaded on first use. A storefront's first page needs the transport, the
 * token renewal, the cart and the catalog reads; member sign-in, the hosted and silent login,
 * the raw identity calls, redirect sessions, the cart carry-over and catalog writes are reached
 * only through async methods, so they sit behind a dynamic `import()` (on-demand.ts) that
 * bundlers split into a chunk of its own, loaded the first time one of those methods is called.
 */

import { StoreErrorCodes } from '../http/errors/codes.js';
import { StoreSystemError } from '../http/errors/system-error.js';

/**
 * `load`, run once and shared by every caller. A load that fails (a chunk the network could not
 * fetch) is not kept: the next call tries again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** The keys of `T` whose values are functions returning a promise. */
export type AsyncMethodKeys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/**
 * Methods named `names` that load their target with `load`, then call the same method of it with
 * the same arguments. Each returns the target's promise; a failed load rejects it.
 */
export function deferMethods<T, K extends AsyncMethodKeys<T>>(
  load: () => Promise<T>,
  names: readonly K[],
): Pick<T, K> {
  const methods: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    methods[name] = (...args: unknown[]) =>
      load().then((target) => (target[name] as (...given: unknown[]) => unknown)(...args));
  }
  return methods as Pick<T, K>;
}

/**
 * `load`, with its failure (a chunk the network could not fetch, a bundler's import error) turned
 * into the SDK's own retryable {@link StoreSystemError}, so callers handle one error hierarchy.
 */
export function typedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      throw new StoreSystemError({
        message: 'System error occurred: a part of the SDK loaded on first use could not be loaded',
        status: undefined,
        code: StoreErrorCodes.NETWORK_ERROR,
        requestId: undefined,
        details: {},
        retryable: true,
        cause: error,
      });
    });
}

/**
 * The code loaded on first use (on-demand.ts), imported once for the whole page. A dynamic
 * `import()`, so that it stays out of a storefront's initial bundle.
 */
export const loadOnDemand = /* @__PURE__ */ once(typedLoad(() => import('./on-demand.js')));
