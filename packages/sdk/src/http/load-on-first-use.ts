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
        message: 'System error occurred: a part of the SDK could not be loaded',
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

/** The methods of `Body` that answer with a promise: the face calls them once the body is there. */
export type CallNames<Body> = {
  [K in keyof Body]-?: Body[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof Body];

/** The methods of `Body` that answer with pages (an async iterable): the face iterates them. */
export type PageNames<Body> = {
  [K in keyof Body]-?: Body[K] extends (...args: never[]) => AsyncIterable<unknown> ? K : never;
}[keyof Body];

/**
 * Accepts a list only when it names every member of `Body`: a method missing from a face's list
 * fails to compile, naming the method.
 */
export type NamesEvery<Body, Listed> = [Exclude<keyof Body, Listed>] extends [never]
  ? unknown
  : { readonly 'methods missing from the list': Exclude<keyof Body, Listed> };

/**
 * The face of a capability whose body loads on first use (one convention for every such seam):
 * what every page holds is this face, an object with the body's type; its methods load the body
 * with `load` (once, see {@link loadOnFirstUse}), then call the body's method of the same name
 * with the same arguments. `calls` names the body's methods that answer with a promise,
 * `pages` those that answer with pages (an async iterable, read once the body is there). The
 * compiler checks both lists against the body's type: a method missing from them, or named in
 * the wrong one, fails to compile. A failed load rejects the call (or the first page).
 *
 * @example
 * export const createOrdersApi = (transport: Transport): OrdersApi =>
 *   lazyFace(loadOnFirstUse(async () => (await import('./order-calls.js')).createOrderCalls(transport)),
 *     ['search', 'get'], ['iterate']);
 */
export function lazyFace<Body, Call extends CallNames<Body>, Page extends PageNames<Body> = never>(
  load: () => Promise<Body>,
  calls: readonly Call[] & NamesEvery<Body, Call | Page>,
  pages: readonly Page[] = [],
): Body {
  const face: Partial<Record<Call | Page, unknown>> = {};
  for (const name of calls) {
    face[name] = async (...args: unknown[]) =>
      ((await load())[name] as (...given: unknown[]) => unknown)(...args);
  }
  for (const name of pages) {
    face[name] = async function* (...args: unknown[]) {
      yield* ((await load())[name] as (...given: unknown[]) => AsyncIterable<unknown>)(...args);
    };
  }
  // Every member of Body is in one of the lists (NamesEvery), each with its body's signature.
  return face as Body;
}
