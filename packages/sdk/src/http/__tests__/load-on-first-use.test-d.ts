import { describe, expectTypeOf, it } from 'vitest';
import { lazyFace } from '../load-on-first-use.js';
import type { CollectionsApi, OrdersApi, StoreRedirects } from '../../index.js';
import type { CollectionReads } from '../../catalog/types.js';

// Type tests (checked by `tsc`, never run): a face's method lists are checked against its body's
// type. A method missing from them, or listed where it does not belong, fails to compile.

interface Body {
  get(id: string): Promise<number>;
  query(filter?: string): Promise<number[]>;
  iterate(filter?: string): AsyncIterableIterator<number[]>;
}
declare const load: () => Promise<Body>;

describe('lazyFace types', () => {
  it('has the body’s type when every method is listed', () => {
    expectTypeOf(lazyFace(load, ['get', 'query'], ['iterate'])).toEqualTypeOf<Body>();
  });

  it('fails to compile when a method is missing from the lists', () => {
    // @ts-expect-error `query` is missing
    lazyFace(load, ['get'], ['iterate']);
    // @ts-expect-error `iterate` is missing: a face without the pages list lacks it
    lazyFace(load, ['get', 'query']);
  });

  it('fails to compile when a method is listed in the wrong list, or is not the body’s', () => {
    // @ts-expect-error `iterate` answers with pages, not a promise
    lazyFace(load, ['get', 'query', 'iterate']);
    // @ts-expect-error `get` answers with a promise, not pages
    lazyFace(load, ['query'], ['get', 'iterate']);
    // @ts-expect-error `remove` is not a method of the body
    lazyFace(load, ['get', 'query', 'remove'], ['iterate']);
  });

  it('checks the SDK’s own faces the same way', () => {
    const orders = (): Promise<OrdersApi> => Promise.reject(new Error('not loaded'));
    // @ts-expect-error `get` is missing from the face of store.orders
    const partialOrders: OrdersApi = lazyFace(orders, ['search'], ['iterate']);
    void partialOrders;
    const reads = (): Promise<CollectionReads> => Promise.reject(new Error('not loaded'));
    // @ts-expect-error `getBySlugV1` is missing from the collection reads
    lazyFace(reads, ['get', 'getBySlug', 'query'], ['iterate']);
    const redirects = (): Promise<StoreRedirects> => Promise.reject(new Error('not loaded'));
    expectTypeOf(lazyFace(redirects, ['createSession'])).toEqualTypeOf<StoreRedirects>();
    expectTypeOf<CollectionsApi['iterate']>().toBeFunction();
  });
});
