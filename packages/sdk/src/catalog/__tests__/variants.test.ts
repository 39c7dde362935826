import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';

const tokens = {
  accessToken: { value: 'at_variants', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_variants', role: 'visitor' as const },
};
const VARIANT = {
  id: 'p1-v1',
  productId: 'p1',
  variantId: 'v1',
  media: {
    video: {
      resolutions: [{ url: 'https://video/720.mp4', height: 720, width: 1280, format: 'mp4' }],
      posters: [{ url: 'https://img/poster.jpg' }],
      urlExpirationDate: '2026-01-01T00:00:00Z',
    },
  },
};

function setup(responder: Responder) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

describe('variants', () => {
  describe('get', () => {
    it('GETs /stores-reader/v1/variants/{id} from the read-only host and unwraps {variant}', async () => {
      const { store, requests } = setup(() => json({ variant: VARIANT }));
      await expect(store.variants.get('p1-v1')).resolves.toEqual(VARIANT);
      expect(requests[0]!.method).toBe('GET');
      expect(requests[0]!.url.href).toBe(
        'https://readonly.wixapis.com/stores-reader/v1/variants/p1-v1',
      );
    });

    it('refuses an empty id before sending', async () => {
      const { store, requests } = setup(() => json({}));
      await expect(store.variants.get('')).rejects.toMatchObject({ argument: 'id' });
      expect(requests).toHaveLength(0);
    });
  });

  describe('query', () => {
    it('POSTs {query} with default paging and pages through the answer', async () => {
      const { store, requests } = setup((_request, index) =>
        json({
          variants: index === 0 ? [VARIANT, { id: 'p1-v2' }] : [{ id: 'p1-v3' }],
          metadata: { total: 3 },
        }),
      );
      const page = await store.variants.query({
        filter: { productId: 'p1' },
        paging: { limit: 2 },
      });
      expect(page.items.map((v) => v.id)).toEqual(['p1-v1', 'p1-v2']);
      expect(requests[0]!.method).toBe('POST');
      expect(requests[0]!.url.href).toBe('https://www.wixapis.com/stores-reader/v1/variants/query');
      expect(JSON.parse(requests[0]!.body)).toEqual({
        query: { paging: { limit: 2, offset: 0 }, filter: { productId: 'p1' } },
      });
      const next = await page.next();
      expect(next.items.map((v) => v.id)).toEqual(['p1-v3']);
      expect(JSON.parse(requests[1]!.body)).toEqual({
        query: { paging: { limit: 2, offset: 2 }, filter: { productId: 'p1' } },
      });
    });

    it('defaults the whole query', async () => {
      const { store, requests } = setup(() => json({ variants: [] }));
      const page = await store.variants.query();
      expect(page.items).toEqual([]);
      expect(page.hasNext()).toBe(false);
      expect(JSON.parse(requests[0]!.body)).toEqual({
        query: { paging: { limit: 50, offset: 0 } },
      });
    });
  });

  describe('iterate', () => {
    it('walks every page, and stops with PAGING_STALLED on a server that repeats a full page', async () => {
      const { store, requests } = setup(() => json({ variants: [{ id: 'a' }, { id: 'b' }] }));
      const ids: string[] = [];
      const error = await (async () => {
        for await (const variant of store.variants.iterate({ paging: { limit: 2 } }))
          ids.push(variant.id);
      })().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'StoreSystemError', code: 'PAGING_STALLED' });
      expect(String(error)).toContain('variants.iterate');
      expect(ids).toEqual(['a', 'b']);
      expect(requests.map((r) => JSON.parse(r.body).query.paging)).toEqual([
        { limit: 2, offset: 0 },
        { limit: 2, offset: 2 },
      ]);
    });
  });
});
