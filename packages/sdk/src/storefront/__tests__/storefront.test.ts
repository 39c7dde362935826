import { describe, expect, it, vi } from 'vitest';
import { decodeR, json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { memoryStorage } from '../../auth/storage/memory.js';
import type { CatalogOption, StorefrontProductQuery } from '../types.js';

const API = 'https://www.wixapis.com';
const tokens = {
  accessToken: { value: 'at_storefront', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_storefront', role: 'visitor' as const },
};
let clients = 0;

/** A client of a scripted platform; each has its own client id, so none shares another's memo. */
function setup(responder: Responder, catalog: CatalogOption = 'auto', clientId?: string) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({
    clientId: clientId ?? `storefront-${++clients}`,
    fetch: recorder.fetch,
    tokens,
    retry: 0,
    catalog,
    storage: memoryStorage(),
    tabSync: false,
  });
  return { store, requests: recorder.requests };
}

const calls = (requests: ReturnType<typeof setup>['requests']) =>
  requests.map((request) => `${request.method} ${request.url.pathname}`);

const versionAnswer = (catalogVersion: string) => json({ catalogVersion });

const wrongCatalog = (code: string, message: string) =>
  json({ message, details: { applicationError: { code, description: message } } }, { status: 428 });

const V1_PRODUCT = {
  id: 'p1',
  name: 'Brass ruler',
  slug: 'brass-ruler',
  ribbon: 'New',
  priceData: { currency: 'USD', price: 20, discountedPrice: 16 },
  stock: { trackInventory: true, quantity: 3, inStock: true, inventoryStatus: 'IN_STOCK' },
  media: { mainMedia: { image: { url: 'https://m/r.webp', width: 800, height: 800 } } },
  productOptions: [
    {
      optionType: 'drop_down',
      name: 'Length',
      choices: [
        { value: '15 cm', description: '15 cm', inStock: true, visible: true },
        { value: '30 cm', description: '30 cm', inStock: false, visible: true },
      ],
    },
  ],
  variants: [
    {
      id: 'v15',
      choices: { Length: '15 cm' },
      variant: { priceData: { price: 20, discountedPrice: 16 }, visible: true, sku: 'R15' },
      stock: { trackQuantity: true, quantity: 3, inStock: true },
    },
    {
      id: 'v30',
      choices: { Length: '30 cm' },
      variant: { priceData: { price: 28 }, visible: true },
      stock: { trackQuantity: true, quantity: 0, inStock: false },
    },
  ],
  customTextFields: [{ title: 'Engraving', maxLength: 20, mandatory: false }],
  additionalInfoSections: [{ title: 'Care', description: '<p>Wipe dry</p>' }],
};

const V3_PRODUCT = {
  id: 'p1',
  name: 'Brass ruler',
  slug: 'brass-ruler',
  visible: true,
  ribbon: { id: 'r', name: 'New' },
  currency: 'USD',
  media: {
    main: { image: { id: 'r', url: 'https://m/r.webp', width: 800, height: 800 } },
    itemsInfo: {
      items: [{ image: { id: 'r', url: 'https://m/r.webp', width: 800, height: 800 } }],
    },
  },
  actualPriceRange: { minValue: { amount: '16' }, maxValue: { amount: '28' } },
  compareAtPriceRange: { minValue: { amount: '20' }, maxValue: { amount: '28' } },
  inventory: { availabilityStatus: 'PARTIALLY_OUT_OF_STOCK' },
  options: [
    {
      id: 'o-len',
      name: 'Length',
      optionRenderType: 'TEXT_CHOICES',
      choicesSettings: {
        choices: [
          { choiceId: 'c15', name: '15 cm', inStock: true, visible: true },
          { choiceId: 'c30', name: '30 cm', inStock: false, visible: true },
        ],
      },
    },
  ],
  modifiers: [
    {
      id: 'm1',
      name: 'Engraving',
      key: 'Engraving',
      mandatory: false,
      modifierRenderType: 'FREE_TEXT',
      freeTextSettings: { title: 'Engraving', key: 'engraving', maxCharCount: 20 },
    },
  ],
  variantsInfo: {
    variants: [
      {
        id: 'v15',
        visible: true,
        sku: 'R15',
        choices: [{ optionChoiceIds: { optionId: 'o-len', choiceId: 'c15' } }],
        price: { actualPrice: { amount: '16' }, compareAtPrice: { amount: '20' } },
        inventoryStatus: { inStock: true },
      },
      {
        id: 'v30',
        visible: true,
        choices: [
          {
            optionChoiceIds: { optionId: 'o-len', choiceId: 'c30' },
            optionChoiceNames: { optionName: 'Length', choiceName: '30 cm' },
          },
        ],
        price: { actualPrice: { amount: '28' } },
        inventoryStatus: { inStock: false },
      },
    ],
  },
  infoSections: [{ id: 's1', title: 'Care', plainDescription: '<p>Wipe dry</p>' }],
};

const INVENTORY = [
  { id: 'i15', productId: 'p1', variantId: 'v15', trackQuantity: true, quantity: 3 },
  { id: 'i30', productId: 'p1', variantId: 'v30', trackQuantity: true, quantity: 0 },
];

/** The product page both catalogs show of the ruler. */
const RULER_PAGE = {
  id: 'p1',
  slug: 'brass-ruler',
  name: 'Brass ruler',
  ribbon: 'New',
  image: { url: 'https://m/r.webp', alt: 'Brass ruler', width: 800, height: 800 },
  currency: 'USD',
  price: { min: 16, max: 28, compareAtMin: 20, compareAtMax: 28 },
  images: [{ url: 'https://m/r.webp', alt: 'Brass ruler', width: 800, height: 800 }],
  variants: [
    {
      id: 'v15',
      choices: { Length: '15 cm' },
      price: { amount: 16, compareAt: 20 },
      stock: { inStock: true, quantity: 3 },
      visible: true,
      sku: 'R15',
    },
    {
      id: 'v30',
      choices: { Length: '30 cm' },
      price: { amount: 28 },
      stock: { inStock: false, quantity: 0 },
      visible: true,
    },
  ],
  infoSections: [{ title: 'Care', description: '<p>Wipe dry</p>' }],
};

describe('storefront', () => {
  describe('the store’s catalog', () => {
    it('reads it once for every read of a client, parallel ones sharing the one call', async () => {
      const { store, requests } = setup((request) => {
        const path = new URL(request.url).pathname;
        if (path === '/stores/v3/provision/version') return versionAnswer('V1_CATALOG');
        return json({ products: [], metadata: { total: 0 } });
      });
      await Promise.all([
        store.storefront.products(),
        store.storefront.products({ text: 'tee' }),
        store.storefront.catalogVersion(),
      ]);
      await store.storefront.products({ sort: 'name-asc' });
      expect(calls(requests).filter((call) => call.endsWith('/provision/version'))).toEqual([
        'GET /stores/v3/provision/version',
      ]);
      expect(requests[0]!.url.origin).toBe(API);
    });

    it('keeps it for the process: a second client of the store asks nothing', async () => {
      const answer: Responder = (request) =>
        new URL(request.url).pathname === '/stores/v3/provision/version'
          ? versionAnswer('V3_CATALOG')
          : json({});
      const first = setup(answer, 'auto', 'one-store');
      await expect(first.store.storefront.catalogVersion()).resolves.toBe('v3');
      const second = setup(answer, 'auto', 'one-store');
      await expect(second.store.storefront.catalogVersion()).resolves.toBe('v3');
      expect(second.requests).toHaveLength(0);
    });

    it('in a browser, a later page load asks nothing; a store moved since corrects it in one read', async () => {
      const kept = new Map<string, string>();
      vi.stubGlobal('document', {});
      vi.stubGlobal('localStorage', {
        getItem: (key: string) => kept.get(key) ?? null,
        setItem: (key: string, value: string) => void kept.set(key, value),
      });
      try {
        // A page load: a fresh SDK (modules and all) in the same browser.
        const pageLoad = async (answer: Responder) => {
          vi.resetModules();
          const { createStoreClient: fresh } = await import('../../client/create-store-client.js');
          const recorder = recordingFetch(answer);
          const store = fresh({
            clientId: 'browser-store',
            fetch: recorder.fetch,
            tokens,
            retry: 0,
            storage: memoryStorage(),
            tabSync: false,
          });
          return { store, requests: recorder.requests };
        };
        const v1Store: Responder = (request) =>
          new URL(request.url).pathname === '/stores/v3/provision/version'
            ? versionAnswer('V1_CATALOG')
            : json({ products: [V1_PRODUCT], metadata: { total: 1 } });
        const first = await pageLoad(v1Store);
        await first.store.storefront.products();
        expect(calls(first.requests)[0]).toBe('GET /stores/v3/provision/version');
        expect([...kept.values()]).toEqual(['v1']);

        const second = await pageLoad(v1Store);
        await second.store.storefront.products();
        expect(calls(second.requests)).toEqual([
          'GET /stores-reader/v1/products/query-platformized',
        ]);

        // The store moved to Catalog V3: its 428 names it, the read goes on, the browser learns.
        const third = await pageLoad((request) =>
          new URL(request.url).pathname.startsWith('/stores-reader/')
            ? wrongCatalog('CATALOG_V3_CALLING_CATALOG_V1_API', 'wrong catalog')
            : json({ products: [], pagingMetadata: { count: 0, cursors: {} } }),
        );
        await third.store.storefront.products();
        expect(calls(third.requests)).toEqual([
          'GET /stores-reader/v1/products/query-platformized',
          'GET /stores/v3/products/search',
        ]);
        expect([...kept.values()]).toEqual(['v3']);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('is not asked when the client says it', async () => {
      const { store, requests } = setup(() => json({}), 'v3');
      await expect(store.storefront.catalogVersion()).resolves.toBe('v3');
      expect(requests).toHaveLength(0);
    });

    it('a store without the Stores app: a CatalogVersionError that says so', async () => {
      const { store } = setup(() => versionAnswer('STORES_NOT_INSTALLED'));
      await expect(store.storefront.products()).rejects.toMatchObject({
        name: 'CatalogVersionError',
        code: 'STORES_NOT_INSTALLED',
        storeCatalog: 'none',
        message: expect.stringContaining('no Stores app'),
      });
    });

    it('pinned to V1 on a V3 store: the typed error naming the store’s catalog, in one call', async () => {
      const { store, requests } = setup(
        () =>
          wrongCatalog(
            'CATALOG_V3_CALLING_CATALOG_V1_API',
            'Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.',
          ),
        'v1',
      );
      await expect(store.storefront.products()).rejects.toMatchObject({
        name: 'CatalogVersionError',
        storeCatalog: 'v3',
        message: expect.stringContaining('This store runs Catalog V3'),
      });
      expect(requests).toHaveLength(1);
    });

    it('pinned to V3 on a V1 store: the typed error naming the store’s catalog, in one call', async () => {
      const { store, requests } = setup(
        () =>
          wrongCatalog(
            'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
            'Endpoint belongs to the wrong catalog version. This site is using CATALOG_V1.',
          ),
        'v3',
      );
      await expect(store.storefront.product({ slug: 'tee' })).rejects.toMatchObject({
        name: 'CatalogVersionError',
        storeCatalog: 'v1',
        message: expect.stringContaining('This store runs Catalog V1'),
      });
      expect(requests).toHaveLength(1);
    });

    it('with auto, a version read refused to the caller reads V3, and a V1 store’s 428 turns it to V1 for good', async () => {
      const { store, requests } = setup((request) => {
        const path = new URL(request.url).pathname;
        if (path === '/stores/v3/provision/version')
          return json({ message: 'no scope' }, { status: 403 });
        if (path.startsWith('/stores/v3/')) {
          return wrongCatalog('CATALOG_V1_SITE_CALLING_CATALOG_V3_API', 'wrong catalog');
        }
        return json({ products: [V1_PRODUCT], metadata: { total: 1 } });
      });
      const page = await store.storefront.products();
      expect(page.items.map((product) => product.id)).toEqual(['p1']);
      await store.storefront.products();
      await expect(store.storefront.catalogVersion()).resolves.toBe('v1');
      expect(calls(requests)).toEqual([
        'GET /stores/v3/provision/version',
        'GET /stores/v3/products/search',
        'GET /stores-reader/v1/products/query-platformized',
        'GET /stores-reader/v1/products/query-platformized',
      ]);
    });
  });

  describe('on Catalog V1', () => {
    it('a product page in the model', async () => {
      const { store, requests } = setup(() => json({ products: [V1_PRODUCT] }), 'v1');
      const product = await store.storefront.product({ slug: 'brass-ruler' });
      expect(product).toEqual({
        ...RULER_PAGE,
        stock: { status: 'IN_STOCK', quantity: 3 },
        options: [
          {
            id: 'Length',
            name: 'Length',
            kind: 'text',
            choices: [
              { id: '15 cm', name: '15 cm', inStock: true, visible: true },
              { id: '30 cm', name: '30 cm', inStock: false, visible: true },
            ],
          },
        ],
        customFields: [{ key: 'Engraving', title: 'Engraving', mandatory: false, maxLength: 20 }],
      });
      expect(decodeR(requests[0]!.url)).toEqual({
        query: { filter: { slug: 'brass-ruler' }, paging: { limit: 1, offset: 0 } },
      });
    });

    it('a search in a category, sorted, paged by an offset cursor', async () => {
      const { store, requests } = setup(
        () => json({ products: [V1_PRODUCT, V1_PRODUCT], metadata: { total: 5 } }),
        'v1',
      );
      const page = await store.storefront.products({
        text: ' ruler ',
        categoryId: 'c1',
        sort: 'price-desc',
        limit: 2,
        cursor: '2',
      });
      expect(decodeR(requests[0]!.url)).toEqual({
        query: {
          filter: { name: { $contains: 'ruler' }, 'collections.id': { $hasSome: ['c1'] } },
          sort: [{ fieldName: 'price', order: 'DESC' }],
          paging: { limit: 2, offset: 2 },
        },
      });
      expect(page).toMatchObject({ nextCursor: '4', totalCount: 5 });
      expect(page.items[0]).toEqual({
        id: 'p1',
        slug: 'brass-ruler',
        name: 'Brass ruler',
        ribbon: 'New',
        image: RULER_PAGE.image,
        currency: 'USD',
        price: RULER_PAGE.price,
        stock: { status: 'IN_STOCK', quantity: 3 },
      });
    });

    it('refuses a cursor that is not one of its own, sending nothing', async () => {
      const { store, requests } = setup(() => json({}), 'v1');
      await expect(store.storefront.products({ cursor: 'abc' })).rejects.toMatchObject({
        name: 'StoreArgumentError',
        argument: 'query.cursor',
      });
      expect(requests).toHaveLength(0);
    });
  });

  it.each([
    [{ ids: Array.from({ length: 101 }, (_, index) => `p${index}`) }, 'query.ids'],
    [{ ids: ['p1', ' '] }, 'query.ids[1]'],
    [{ ids: 'p1' }, 'query.ids'],
    [{ ribbon: '' }, 'query.ribbon'],
    [{ sort: 'cheapest' }, 'query.sort'],
  ])('refuses the product query %j, naming %s, sending nothing', async (query, argument) => {
    const { store, requests } = setup(() => json({}), 'v1');
    await expect(store.storefront.products(query as StorefrontProductQuery)).rejects.toMatchObject({
      name: 'StoreArgumentError',
      argument,
    });
    expect(requests).toHaveLength(0);
  });

  it('refuses a category order it does not know, sending nothing', async () => {
    const { store, requests } = setup(() => json({}), 'v3');
    await expect(
      store.storefront.categories({ sort: 'newest' as 'name-asc' }),
    ).rejects.toMatchObject({ name: 'StoreArgumentError', argument: 'query.sort' });
    expect(requests).toHaveLength(0);
  });

  describe('on Catalog V3', () => {
    it('the same product page, with its stock counted by the inventory', async () => {
      const { store, requests } = setup((request) => {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/stores/v3/inventory-items'))
          return json({ inventoryItems: INVENTORY });
        return json({ product: V3_PRODUCT });
      }, 'v3');
      const product = await store.storefront.product({ slug: 'brass-ruler' });
      expect(product).toEqual({
        ...RULER_PAGE,
        stock: { status: 'PARTIALLY_OUT_OF_STOCK', quantity: 3 },
        options: [
          {
            id: 'o-len',
            name: 'Length',
            kind: 'text',
            choices: [
              { id: 'c15', name: '15 cm', inStock: true, visible: true },
              { id: 'c30', name: '30 cm', inStock: false, visible: true },
            ],
          },
        ],
        customFields: [{ key: 'engraving', title: 'Engraving', mandatory: false, maxLength: 20 }],
      });
      expect(requests[0]!.url.pathname).toBe('/stores/v3/products/slug/brass-ruler');
      expect(requests[0]!.url.searchParams.getAll('fields')).toEqual([
        'CURRENCY',
        'PLAIN_DESCRIPTION',
        'MEDIA_ITEMS_INFO',
        'VARIANT_OPTION_CHOICE_NAMES',
        'PRODUCT_CHOICES_MEDIA_REFERENCES',
        'INFO_SECTION',
        'INFO_SECTION_PLAIN_DESCRIPTION',
      ]);
    });

    it('a search in a category, sorted, by its text, and the next page by its cursor alone', async () => {
      const { store, requests } = setup((request) => {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/stores/v3/inventory-items'))
          return json({ inventoryItems: INVENTORY });
        return json({
          products: [V3_PRODUCT],
          pagingMetadata: { count: 1, cursors: { next: 'n2' }, hasNext: true },
        });
      }, 'v3');
      const page = await store.storefront.products({
        text: 'ruler',
        categoryId: 'c1',
        sort: 'price-asc',
        limit: 1,
      });
      expect(decodeR(requests[0]!.url)).toEqual({
        search: {
          filter: {
            $and: [
              { visible: true },
              { 'allCategoriesInfo.categories': { $matchItems: [{ id: 'c1' }] } },
            ],
          },
          sort: [{ fieldName: 'compareAtPriceRange.minValue.amount', order: 'ASC' }],
          search: { expression: 'ruler', fields: ['name'] },
          cursorPaging: { limit: 1 },
        },
        fields: ['CURRENCY'],
      });
      expect(page.nextCursor).toBe('n2');
      expect(page.items[0]).toMatchObject({
        stock: { status: 'PARTIALLY_OUT_OF_STOCK', quantity: 3 },
      });
      await store.storefront.products({ limit: 1, cursor: 'n2' });
      const later = requests.find(
        (request, index) => index > 1 && request.url.pathname.endsWith('/search'),
      );
      expect(decodeR(later!.url)).toEqual({
        search: { cursorPaging: { limit: 1, cursor: 'n2' } },
        fields: ['CURRENCY'],
      });
    });

    it('still shows its products when the store keeps the stock counts from the caller', async () => {
      const { store } = setup((request) => {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/stores/v3/inventory-items'))
          return json({ message: 'no' }, { status: 403 });
        return json({ product: V3_PRODUCT });
      }, 'v3');
      const product = await store.storefront.product({ id: 'p1' });
      expect(product?.stock).toEqual({ status: 'PARTIALLY_OUT_OF_STOCK' });
      expect(product?.variants[0]?.stock).toEqual({ inStock: true });
    });

    it('an unknown slug is null; categories leave out the store’s all-products category', async () => {
      const { store } = setup((request) => {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/stores/v3/products/slug/')) {
          return json(
            { message: 'not found', details: { applicationError: { code: 'NOT_FOUND' } } },
            { status: 404 },
          );
        }
        return json({
          categories: [
            { id: 'all', name: 'All Products', slug: 'all-products', visible: true },
            { id: 'c1', name: 'Kitchen', slug: 'kitchen', visible: true, itemCounter: 10 },
          ],
          pagingMetadata: { count: 2, cursors: {}, hasNext: false },
        });
      }, 'v3');
      await expect(store.storefront.product({ slug: 'nope' })).resolves.toBeNull();
      await expect(store.storefront.categories()).resolves.toEqual({
        items: [{ id: 'c1', slug: 'kitchen', name: 'Kitchen', productCount: 10 }],
        nextCursor: null,
      });
    });
  });
});
