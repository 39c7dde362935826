/**
 * Code loaded on first use. What a storefront's first page does not run (sign-in, the cart
 * engine, catalog writes, error mapping…) sits behind a dynamic `import()`, which bundlers split
 * into a chunk of its own, fetched the first time it is needed. A chunk that cannot be fetched
 * is a network failure like any other call's, hence this module's place in the HTTP layer.
 */
import { StoreSystemError } from './errors/system-error.js';

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
        code: 'NETWORK_ERROR',
        requestId: undefined,
        details: {},
        retryable: true,
        cause: error,
      });
    });
}

/**
 * A module loaded on first use: `load` (a dynamic `import()`) runs once, its failure is a
 * retryable `NETWORK_ERROR`, and a failed load is tried again by the next caller.
 *
 * @example
 * const loadWrites = loadOnFirstUse(() => import('./product-writes.js'));
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  return once(typedLoad(load));
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
