import { describe, expect, it } from 'vitest';
import { decodeR, json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreValidationError } from '../../http/errors/validation-error.js';

const tokens = {
  accessToken: { value: 'at_collections', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_collections', role: 'member' as const },
};
const API = 'https://www.wixapis.com';
const READ = 'https://readonly.wixapis.com';
const COLLECTION = { id: 'c1', name: 'Apparel', slug: 'apparel' };

function setup(responder: Responder = () => json({ collection: COLLECTION })) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

function wire(request: { method: string; url: URL; body: string }) {
  return {
    method: request.method,
    url: request.url.origin + request.url.pathname,
    body: request.body === '' ? undefined : (JSON.parse(request.body) as unknown),
  };
}

describe('collections', () => {
  describe('reads', () => {
    it.each([
      ['get', (s: Store) => s.collections.get('c1'), `${READ}/v2/collections/c1`],
      [
        'getBySlug',
        (s: Store) => s.collections.getBySlug('apparel'),
        `${READ}/v2/collections/slug/apparel`,
      ],
      [
        'getBySlugV1',
        (s: Store) => s.collections.getBySlugV1('apparel'),
        `${READ}/stores-reader/v1/collections/slug/apparel`,
      ],
    ] as const)('%s GETs %s and unwraps {collection}', async (_name, call, url) => {
      const { store, requests } = setup();
      await expect(call(store)).resolves.toEqual(COLLECTION);
      expect(wire(requests[0]!)).toEqual({ method: 'GET', url, body: undefined });
    });

    it('refuses an empty id or slug before sending', async () => {
      const { store, requests } = setup();
      await expect(store.collections.get('')).rejects.toMatchObject({ argument: 'id' });
      await expect(store.collections.getBySlug('')).rejects.toMatchObject({ argument: 'slug' });
      await expect(store.collections.getBySlugV1(' ')).rejects.toMatchObject({ argument: 'slug' });
      expect(requests).toHaveLength(0);
    });
  });

  describe('query', () => {
    it('sends {query} as .r to /v2/collections/query and reads {collections, metadata}', async () => {
      const { store, requests } = setup(() =>
        json({ collections: [COLLECTION], metadata: { count: 1, offset: 0, total: 7 } }),
      );
      const page = await store.collections.query({ filter: { name: { $startsWith: 'App' } } });
      expect(page.items).toEqual([COLLECTION]);
      expect(page.totalCount).toBe(7);
      expect(page.hasNext()).toBe(true);
      expect(requests[0]!.url.origin + requests[0]!.url.pathname).toBe(
        `${READ}/v2/collections/query`,
      );
      expect(decodeR(requests[0]!.url)).toEqual({
        query: { paging: { limit: 50, offset: 0 }, filter: { name: { $startsWith: 'App' } } },
      });
    });

    it('iterates every page, and stops with PAGING_STALLED when a page brings no new item', async () => {
      const { store, requests } = setup((_request, index) =>
        json({ collections: index < 2 ? [{ id: `c${index}` }] : [{ id: 'c0' }] }),
      );
      const ids: string[] = [];
      const error = await (async () => {
        for await (const collection of store.collections.iterate({ paging: { limit: 1 } }))
          ids.push(collection.id);
      })().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'PAGING_STALLED' });
      expect(String(error)).toContain('collections.iterate');
      expect(ids).toEqual(['c0', 'c1']);
      expect(requests).toHaveLength(3);
    });
  });

  describe('writes', () => {
    it.each([
      [
        'create',
        (s: Store) => s.collections.create({ name: 'Sale' }),
        'POST',
        '/stores/v1/collections',
        { collection: { name: 'Sale' } },
      ],
      [
        'update',
        (s: Store) => s.collections.update('c1', { name: 'New' }),
        'PATCH',
        '/stores/v1/collections/c1',
        { collection: { name: 'New', id: 'c1' } },
      ],
      [
        'delete',
        (s: Store) => s.collections.delete('c1'),
        'DELETE',
        '/stores/v1/collections/c1',
        undefined,
      ],
      [
        'addProducts',
        (s: Store) => s.collections.addProducts('c1', ['p1', 'p2']),
        'POST',
        '/stores/v1/collections/c1/productIds',
        { productIds: ['p1', 'p2'] },
      ],
      [
        'removeProducts',
        (s: Store) => s.collections.removeProducts('c1', ['p1']),
        'POST',
        '/stores/v1/collections/c1/productIds/delete',
        { productIds: ['p1'] },
      ],
    ] as const)('%s: %s %s', async (_name, call, method, path, body) => {
      const { store, requests } = setup();
      await call(store);
      expect(wire(requests[0]!)).toEqual({ method, url: `${API}${path}`, body });
    });

    it('resolves create and update with the collection', async () => {
      const { store } = setup();
      await expect(store.collections.create({ name: 'Apparel' })).resolves.toEqual(COLLECTION);
      await expect(store.collections.update('c1', { name: 'Apparel' })).resolves.toEqual(
        COLLECTION,
      );
    });

    it('names a violation of collection.id as the id argument', async () => {
      const { store } = setup(() =>
        json(
          {
            message: 'invalid',
            details: {
              validationError: {
                fieldViolations: [{ field: 'collection.id', description: 'is unknown' }],
              },
            },
          },
          { status: 400 },
        ),
      );
      const error: unknown = await store.collections.update('x', { name: 'y' }).catch((e) => e);
      expect(error).toBeInstanceOf(StoreValidationError);
      expect((error as Error).message).toBe('INVALID_ARGUMENT: "id" is unknown');
    });

    it('refuses empty product id lists before sending', async () => {
      const { store, requests } = setup();
      await expect(store.collections.addProducts('c1', [])).rejects.toMatchObject({
        argument: 'productIds',
      });
      await expect(store.collections.removeProducts('c1', [''])).rejects.toMatchObject({
        argument: 'productIds[0]',
      });
      await expect(store.collections.delete('')).rejects.toMatchObject({ argument: 'id' });
      expect(requests).toHaveLength(0);
    });
  });
});

type Store = ReturnType<typeof setup>['store'];
