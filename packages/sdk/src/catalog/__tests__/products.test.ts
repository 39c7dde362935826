import { describe, expect, it } from 'vitest';
import { decodeR, json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { StoreValidationError } from '../../http/errors/validation-error.js';

const TOKEN = 'at_catalog-test-token';
const tokens = {
  accessToken: { value: TOKEN, expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_catalog', role: 'member' as const },
};
const API = 'https://www.wixapis.com';
const READ = 'https://readonly.wixapis.com';
const PRODUCT = { id: 'p1', name: 'Tee', priceData: { price: 24, currency: 'USD' } };

function setup(responder: Responder = () => json({})) {
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

describe('products', () => {
  // The catalog's reads load once per page, then bind to each client: two clients in one page
  // (two stores, or a server's per-request clients) each read through their own transport.
  describe('two clients in one page', () => {
    it('read products, collections and variants each with its own host and token', async () => {
      const other = {
        accessToken: { value: 'at_other-client-token', expiresAt: 4_102_444_800 },
        refreshToken: { value: 'rt_other', role: 'visitor' as const },
      };
      const one = recordingFetch(() => json({ product: PRODUCT, collection: {}, variant: {} }));
      const two = recordingFetch(() => json({ product: PRODUCT, collection: {}, variant: {} }));
      const first = createStoreClient({ clientId: 'c1', fetch: one.fetch, tokens, retry: 0 });
      const second = createStoreClient({
        clientId: 'c2',
        baseUrl: 'http://127.0.0.1:4010',
        fetch: two.fetch,
        tokens: other,
        retry: 0,
      });
      for (const store of [first, second, first]) {
        await store.products.get('p1');
        await store.collections.get('k1');
        await store.variants.get('v1');
      }
      const seen = (requests: typeof one.requests) =>
        requests.map((r) => `${r.url.origin} ${r.headers.get('authorization')}`);
      expect(seen(one.requests)).toEqual(Array(6).fill(`${READ} ${TOKEN}`));
      expect(seen(two.requests)).toEqual(
        Array(3).fill('http://127.0.0.1:4010 at_other-client-token'),
      );
    });
  });

  describe('get', () => {
    it('GETs the product from the read-only host and unwraps {product}', async () => {
      const { store, requests } = setup(() => json({ product: PRODUCT }));
      await expect(store.products.get('p1')).resolves.toEqual(PRODUCT);
      expect(requests[0]!.url.href).toBe(`${READ}/stores-reader/v1/products/p1`);
      expect(requests[0]!.headers.get('authorization')).toBe(TOKEN);
    });

    it('asks for merchant data only when told to', async () => {
      const { store, requests } = setup(() => json({ product: PRODUCT }));
      await store.products.get('p 1', { includeMerchantSpecificData: true });
      expect(requests[0]!.url.href).toBe(
        `${READ}/stores-reader/v1/products/p%201?includeMerchantSpecificData=true`,
      );
    });

    it('refuses an empty id before sending', async () => {
      const { store, requests } = setup();
      await expect(store.products.get('')).rejects.toMatchObject({ argument: 'id' });
      expect(requests).toHaveLength(0);
    });
  });

  describe('getBySlug', () => {
    it("sends the official client's slug query in one call and answers the product with its variants", async () => {
      const withVariants = { ...PRODUCT, slug: 'tee', variants: [{ id: 'v1', choices: {} }] };
      const { store, requests } = setup(() =>
        json({ products: [withVariants], metadata: { count: 1, offset: 0, total: 1 } }),
      );
      await expect(store.products.getBySlug('tee')).resolves.toEqual(withVariants);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request!.method).toBe('GET');
      expect(request!.url.origin + request!.url.pathname).toBe(
        `${READ}/stores-reader/v1/products/query-platformized`,
      );
      // Byte for byte what `queryProducts().eq('slug', 'tee').limit(1).find()` sends.
      expect(request!.url.searchParams.get('.r')).toBe(
        Buffer.from('{"query":{"filter":{"slug":"tee"},"paging":{"limit":1,"offset":0}}}').toString(
          'base64url',
        ),
      );
    });

    it('answers null when no product has the slug, and tells two slugs apart', async () => {
      const { store, requests } = setup((request) => {
        const { query } = decodeR(new URL(request.url)) as { query: { filter: { slug: string } } };
        return json({ products: query.filter.slug === 'tee' ? [PRODUCT] : [] });
      });
      await expect(store.products.getBySlug('mug')).resolves.toBeNull();
      await expect(store.products.getBySlug('tee')).resolves.toEqual(PRODUCT);
      expect(requests).toHaveLength(2);
    });

    it('refuses an empty slug before sending', async () => {
      const { store, requests } = setup();
      await expect(store.products.getBySlug(' ')).rejects.toMatchObject({ argument: 'slug' });
      expect(requests).toHaveLength(0);
    });
  });

  describe('query', () => {
    it('sends the query as .r on a GET with default paging 50/0', async () => {
      const { store, requests } = setup(() =>
        json({ products: [PRODUCT], metadata: { count: 1, offset: 0, total: 1 }, totalResults: 1 }),
      );
      const page = await store.products.query({
        filter: { 'priceData.price': { $gt: 10 }, visible: true },
        sort: [{ fieldName: 'priceData.price', order: 'ASC' }],
      });
      expect(page.items).toEqual([PRODUCT]);
      expect(page.totalCount).toBe(1);
      expect(page.paging).toEqual({ limit: 50, offset: 0 });
      expect(page.hasNext()).toBe(false);
      const [request] = requests;
      expect(request!.method).toBe('GET');
      expect(request!.url.origin + request!.url.pathname).toBe(
        `${READ}/stores-reader/v1/products/query-platformized`,
      );
      expect([...request!.url.searchParams.keys()]).toEqual(['.r']);
      expect(decodeR(request!.url)).toEqual({
        query: {
          paging: { limit: 50, offset: 0 },
          filter: { 'priceData.price': { $gt: 10 }, visible: true },
          sort: [{ fieldName: 'priceData.price', order: 'ASC' }],
        },
      });
    });

    it('falls back to a POST of the same JSON when the query is too long for a GET', async () => {
      const { store, requests } = setup(() => json({ products: [] }));
      const ids = Array.from({ length: 200 }, (_, i) => `product-id-${i}-${'x'.repeat(10)}`);
      await store.products.query({ filter: { id: { $in: ids } }, paging: { limit: 10 } });
      expect(wire(requests[0]!)).toEqual({
        method: 'POST',
        url: `${API}/stores-reader/v1/products/query-platformized`,
        body: { query: { paging: { limit: 10, offset: 0 }, filter: { id: { $in: ids } } } },
      });
    });

    it('refuses negative or fractional paging before sending', async () => {
      const { store, requests } = setup();
      await expect(store.products.query({ paging: { limit: -1 } })).rejects.toMatchObject({
        argument: 'paging.limit',
      });
      await expect(store.products.query({ paging: { offset: 1.5 } })).rejects.toMatchObject({
        argument: 'paging.offset',
      });
      expect(requests).toHaveLength(0);
    });

    it('fetches the next page from where this one ended', async () => {
      const { store, requests } = setup((_request, index) =>
        json({
          products: index === 0 ? [{ id: 'a' }, { id: 'b' }] : [{ id: 'c' }],
          metadata: { total: 3 },
        }),
      );
      const first = await store.products.query({ paging: { limit: 2 } });
      expect(first.hasNext()).toBe(true);
      const second = await first.next();
      expect(second.items).toEqual([{ id: 'c' }]);
      expect(second.paging).toEqual({ limit: 2, offset: 2 });
      expect(second.hasNext()).toBe(false);
      expect(decodeR(requests[1]!.url)).toEqual({ query: { paging: { limit: 2, offset: 2 } } });
    });
  });

  describe('iterate', () => {
    it('walks every page and stops on the last one', async () => {
      const all = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}` }));
      const { store, requests } = setup((request) => {
        const { query } = decodeR(new URL(request.url)) as {
          query: { paging: { limit: number; offset: number } };
        };
        const { limit, offset } = query.paging;
        return json({ products: all.slice(offset, offset + limit), metadata: { total: 5 } });
      });
      const seen: string[] = [];
      for await (const product of store.products.iterate({ paging: { limit: 2 } })) {
        seen.push(product.id);
      }
      expect(seen).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
      expect(requests).toHaveLength(3);
    });

    it.each([
      ['with a total', { total: 1000 }],
      ['without a total (full pages)', {}],
    ])(
      'stops with PAGING_STALLED on a server that ignores the offset and repeats the same page, %s (regression: it stopped without a word, as if the page were all)',
      async (_case, metadata) => {
        const { store, requests } = setup((_request, index) => {
          if (index > 50) throw new Error('still walking after 50 pages');
          return json({ products: [{ id: 'a' }, { id: 'b' }], metadata });
        });
        const seen: string[] = [];
        const error = await (async () => {
          for await (const product of store.products.iterate({ paging: { limit: 2 } }))
            seen.push(product.id);
        })().catch((e: unknown) => e);
        expect(error).toMatchObject({
          name: 'StoreSystemError',
          code: 'PAGING_STALLED',
          retryable: false,
        });
        expect(String(error)).toContain('products.iterate');
        expect(seen).toEqual(['a', 'b']);
        expect(requests).toHaveLength(2);
      },
    );
  });

  describe('optionsAvailability', () => {
    it('POSTs the chosen options', async () => {
      const answer = { selectedVariant: { id: 'v1', inStock: true }, availableForPurchase: true };
      const { store, requests } = setup(() => json(answer));
      await expect(store.products.optionsAvailability('p1', { Size: 'L' })).resolves.toEqual(
        answer,
      );
      expect(wire(requests[0]!)).toEqual({
        method: 'POST',
        url: `${API}/stores-reader/v1/products/p1/productOptionsAvailability`,
        body: { options: { Size: 'L' } },
      });
    });
  });

  describe('queryVariants', () => {
    it('POSTs choices, ids, paging and the merchant flag', async () => {
      const { store, requests } = setup(() =>
        json({ variants: [{ id: 'v1' }], metadata: { count: 1 }, totalResults: 1 }),
      );
      const result = await store.products.queryVariants('p1', {
        choices: { Size: 'L' },
        variantIds: ['v1'],
        paging: { limit: 10, offset: 0 },
        includeMerchantSpecificData: true,
      });
      expect(result).toEqual({ variants: [{ id: 'v1' }], metadata: { count: 1 }, totalResults: 1 });
      expect(wire(requests[0]!)).toEqual({
        method: 'POST',
        url: `${API}/stores-reader/v1/products/p1/variants/query`,
        body: {
          choices: { Size: 'L' },
          variantIds: ['v1'],
          paging: { limit: 10, offset: 0 },
          includeMerchantSpecificData: true,
        },
      });
    });
  });

  describe('writes', () => {
    it.each([
      [
        'create',
        (s: Store) => s.products.create({ name: 'Tee' }),
        'POST',
        '/stores/v1/products',
        { product: { name: 'Tee' } },
      ],
      [
        'update',
        (s: Store) => s.products.update('p1', { name: 'New' }),
        'PATCH',
        '/stores/v1/products/p1',
        { product: { name: 'New', id: 'p1' } },
      ],
      [
        'delete',
        (s: Store) => s.products.delete('p1'),
        'DELETE',
        '/stores/v1/products/p1',
        undefined,
      ],
      [
        'updateVariants',
        (s: Store) =>
          s.products.updateVariants('p1', [
            { choices: { Size: 'L' }, price: 30, sku: 'L1', visible: true },
          ]),
        'PATCH',
        '/stores/v1/products/p1/variants',
        { variants: [{ choices: { Size: 'L' }, price: 30, sku: 'L1', visible: true }] },
      ],
      [
        'resetVariants',
        (s: Store) => s.products.resetVariants('p1'),
        'POST',
        '/stores/v1/products/p1/variants/resetToDefault',
        {},
      ],
      [
        'addMedia',
        (s: Store) =>
          s.products.addMedia('p1', [
            { url: 'https://img/x.png', choice: { option: 'Color', choice: 'Red' } },
          ]),
        'POST',
        '/stores/v1/products/p1/media',
        { media: [{ url: 'https://img/x.png', choice: { option: 'Color', choice: 'Red' } }] },
      ],
      [
        'removeMedia',
        (s: Store) => s.products.removeMedia('p1', ['m1']),
        'POST',
        '/stores/v1/products/p1/media/delete',
        { mediaIds: ['m1'] },
      ],
      [
        'addChoiceMedia',
        (s: Store) =>
          s.products.addChoiceMedia('p1', [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }]),
        'PATCH',
        '/stores/v1/products/p1/choices/media',
        { media: [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }] },
      ],
      [
        'removeChoiceMedia',
        (s: Store) =>
          s.products.removeChoiceMedia('p1', [
            { option: 'Color', choice: 'Red', mediaIds: ['m1'] },
          ]),
        'POST',
        '/stores/v1/products/p1/choices/media/delete',
        { media: [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }] },
      ],
      [
        'deleteOptions',
        (s: Store) => s.products.deleteOptions('p1'),
        'DELETE',
        '/stores/v1/products/p1/options',
        undefined,
      ],
      [
        'removeBrand',
        (s: Store) => s.products.removeBrand('p1'),
        'POST',
        '/stores/v1/products/p1/remove-brand',
        {},
      ],
      [
        'removeRibbon',
        (s: Store) => s.products.removeRibbon('p1'),
        'POST',
        '/stores/v1/products/p1/remove-ribbon',
        {},
      ],
      [
        'bulkUpdate',
        (s: Store) => s.products.bulkUpdate(['p1', 'p2'], { price: 20, cost: 5, weight: 1.5 }),
        'POST',
        '/stores/v1/bulk/products/update',
        { ids: ['p1', 'p2'], set: { price: 20, cost: 5, weight: 1.5 } },
      ],
      [
        'bulkAdjust',
        (s: Store) =>
          s.products.bulkAdjust(['p1'], {
            price: { amount: 10 },
            cost: { percentage: -5 },
            weight: { amount: 0.5 },
          }),
        'POST',
        '/stores/v1/bulk/products/adjust-properties',
        {
          ids: ['p1'],
          adjust: { price: { amount: 10 }, cost: { percentage: -5 }, weight: { amount: 0.5 } },
        },
      ],
      [
        'createPlatformized',
        (s: Store) => s.products.createPlatformized({ name: 'Tee' }),
        'POST',
        '/stores/v2/products-platformized',
        { product: { name: 'Tee' } },
      ],
      [
        'updatePlatformized',
        (s: Store) => s.products.updatePlatformized('p1', { name: 'New' }),
        'PATCH',
        '/stores/v2/products-platformized/p1',
        { product: { name: 'New', id: 'p1' } },
      ],
      [
        'deletePlatformized',
        (s: Store) => s.products.deletePlatformized('p1'),
        'DELETE',
        '/stores/v2/products-platformized/p1',
        undefined,
      ],
    ] as const)('%s: %s %s on the API host', async (_name, call, method, path, body) => {
      const { store, requests } = setup(() => json({ product: PRODUCT, variants: [] }));
      await call(store);
      expect(requests).toHaveLength(1);
      expect(wire(requests[0]!)).toEqual({ method, url: `${API}${path}`, body });
      expect(requests[0]!.headers.get('authorization')).toBe(TOKEN);
    });

    it('resolves create and update with the product, and updateVariants with the variants', async () => {
      const { store } = setup(() => json({ product: PRODUCT, variants: [{ id: 'v1' }] }));
      await expect(store.products.create({ name: 'Tee' })).resolves.toEqual(PRODUCT);
      await expect(store.products.update('p1', { name: 'Tee' })).resolves.toEqual(PRODUCT);
      await expect(store.products.updateVariants('p1', [{ variantIds: ['v1'] }])).resolves.toEqual([
        { id: 'v1' },
      ]);
    });

    it('names violations of the id inside the body as the id argument', async () => {
      const { store } = setup(() =>
        json(
          {
            message: 'invalid',
            details: {
              validationError: {
                fieldViolations: [
                  { field: 'product.id', description: 'must be a GUID' },
                  { field: 'product.name', description: 'is too long' },
                ],
              },
            },
          },
          { status: 400 },
        ),
      );
      const error: unknown = await store.products.update('bad', { name: 'x' }).catch((e) => e);
      expect(error).toBeInstanceOf(StoreValidationError);
      expect((error as Error).message).toBe(
        'INVALID_ARGUMENT: "id" must be a GUID, "product.name" is too long',
      );
    });

    it('refuses empty ids and empty id lists before sending', async () => {
      const { store, requests } = setup();
      const refusals = [
        [store.products.update('', {}), 'id'],
        [store.products.delete(' '), 'id'],
        [store.products.removeMedia('p1', []), 'mediaIds'],
        [store.products.bulkUpdate([], { price: 1 }), 'ids'],
        [store.products.bulkAdjust(['p1', ''], { price: { amount: 1 } }), 'ids[1]'],
        [store.products.deletePlatformized(''), 'id'],
      ] as const;
      for (const [promise, argument] of refusals) {
        const error: unknown = await promise.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StoreArgumentError);
        expect(error).toMatchObject({ argument });
      }
      expect(requests).toHaveLength(0);
    });
  });
});

type Store = ReturnType<typeof setup>['store'];
