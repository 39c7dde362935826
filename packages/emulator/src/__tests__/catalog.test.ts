import { beforeAll, describe, expect, it } from 'vitest';
import { encodeDotR } from '../index.js';
import { call, products, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;
const QUERY = '/stores-reader/v1/products/query-platformized';

function fields(reply: { body: Json }): string[] {
  return reply.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
}

describe('catalog', () => {
  let emu: Emu;
  let token: string;
  beforeAll(async () => {
    emu = await start();
    token = (await visitor(emu)).access_token;
  });
  const names = async (filter: unknown, extra: Record<string, unknown> = {}) =>
    (await products(emu, token, { filter, paging: { limit: 100 } }, extra)).map(
      (p) => p.name as string,
    );

  describe('seed', () => {
    it('holds 60 products in 6 collections with options, variants, stock, ribbons and brands', async () => {
      const all = await products(
        emu,
        token,
        { paging: { limit: 100 } },
        { includeVariants: true, includeMerchantSpecificData: true },
      );
      expect(all).toHaveLength(60);
      const collections = await call(emu, 'POST', '/v2/collections/query', {
        token,
        body: { query: {} },
      });
      expect(collections.body.metadata.total).toBe(6);
      expect(collections.body.collections.every((c: Json) => c.numberOfProducts === 10)).toBe(true);
      const statuses = new Set(all.map((p) => p.stock.inventoryStatus));
      expect(statuses).toEqual(new Set(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']));
      expect(all.some((p) => p.productOptions.some((o: Json) => o.optionType === 'color'))).toBe(
        true,
      );
      expect(all.filter((p) => p.productType === 'digital')).toHaveLength(10);
      expect(new Set(all.map((p) => p.brand)).size).toBe(6);
      expect(all.some((p) => p.ribbon === 'Sale' && p.discount.type !== 'NONE')).toBe(true);
      const tee = all.find((p) => p.slug === 'classic-crew-tee');
      expect(tee.variants).toHaveLength(8);
      expect(tee).toMatchObject({
        price: {
          currency: 'USD',
          price: 24,
          discountedPrice: 24,
          formatted: { price: '$24.00', discountedPrice: '$24.00' },
        },
        priceRange: { minValue: 24, maxValue: 28 },
        costAndProfitData: {
          itemCost: expect.any(Number),
          profit: expect.any(Number),
          profitMargin: expect.any(Number),
        },
        costRange: { minValue: expect.any(Number), maxValue: expect.any(Number) },
        weightRange: { minValue: expect.any(Number), maxValue: expect.any(Number) },
        media: { mainMedia: { mediaType: 'image' } },
        lastUpdated: expect.any(String),
        createdDate: expect.any(String),
      });
      expect(tee.variants[0].variant).toMatchObject({
        priceData: { price: 24 },
        convertedPriceData: { price: 24 },
        costAndProfitData: { itemCost: expect.any(Number) },
        sku: expect.any(String),
        visible: true,
      });
      const socks = all.find((p) => p.slug === 'everyday-socks-3-pack');
      expect(socks.pricePerUnitData).toEqual({
        totalQuantity: 3,
        totalMeasurementUnit: 'UNSPECIFIED',
        baseQuantity: 1,
        baseMeasurementUnit: 'UNSPECIFIED',
      });
      expect(socks.priceData.pricePerUnit).toBe(6);
      const sweater = all.find((p) => p.slug === 'merino-crew-sweater');
      expect(sweater.discount).toEqual({ type: 'PERCENT', value: 20 });
      expect(sweater.priceData.discountedPrice).toBe(71.2);
    });

    it('serves its images as raster files with no external URLs', async () => {
      const [product] = await products(emu, token, { paging: { limit: 1 } });
      const url = product.media.mainMedia.image.url as string;
      expect(url.startsWith(`${emu.url}/media/`)).toBe(true);
      const image = await fetch(url);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await image.arrayBuffer()).toString('latin1', 8, 12)).toBe('WEBP');
      expect((await fetch(`${emu.url}/media/..%2Fetc.svg`)).status).toBe(404);
    });

    it('serves a favicon, so its hosted pages log no 404 in a browser', async () => {
      const icon = await fetch(`${emu.url}/favicon.ico`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      expect(await icon.text()).toMatch(/^<svg /);
    });
  });

  describe('query-platformized', () => {
    it('answers the same by .r GET and by POST', async () => {
      const request = {
        query: {
          filter: { brand: 'Northwind' },
          sort: [{ fieldName: 'price', order: 'DESC' }],
          paging: { limit: 3, offset: 1 },
        },
      };
      const get = await call(emu, 'GET', `${QUERY}?.r=${encodeDotR(request)}`, { token });
      const post = await call(emu, 'POST', QUERY, { token, body: request });
      expect(get.status).toBe(200);
      expect(get.body).toEqual(post.body);
      expect(get.body.metadata).toEqual({ count: 3, offset: 1, total: 10 });
      expect(get.body.totalResults).toBe(10);
      const prices = get.body.products.map((p: Json) => p.priceData.price);
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    });

    it('sorts and filters by the list price, as the platform does, with sales at their list price', async () => {
      const apparel = (
        await call(emu, 'POST', '/v2/collections/query', { token, body: {} })
      ).body.collections.find((c: Json) => c.name === 'Apparel').id;
      const query = (order: 'ASC' | 'DESC') => ({
        query: {
          filter: { collectionIds: { $hasSome: [apparel] }, price: { $gte: 60, $lte: 75 } },
          sort: [{ fieldName: 'price', order }],
        },
      });
      const shown = (reply: Json) =>
        reply.body.products.map(
          (p: Json) => `${p.name} ${p.priceData.price} ${p.priceData.discountedPrice}`,
        );
      // Quilted Vest ($79, $64 on sale) and Merino ($89, $71.20 on sale) are outside $60-$75 at
      // their list prices, so neither is in the answer.
      const ascending = ['Relaxed Chino 62 62', 'Heavyweight Hoodie 68 68'];
      expect(shown(await call(emu, 'POST', QUERY, { token, body: query('ASC') }))).toEqual(
        ascending,
      );
      expect(
        shown(await call(emu, 'GET', `${QUERY}?.r=${encodeDotR(query('DESC'))}`, { token })),
      ).toEqual([...ascending].reverse());
      // The price the shopper pays is there to sort and filter by, as `discountedPrice`.
      const bySale = await call(emu, 'POST', QUERY, {
        token,
        body: {
          query: {
            filter: {
              collectionIds: { $hasSome: [apparel] },
              discountedPrice: { $gte: 60, $lte: 75 },
            },
            sort: [{ fieldName: 'discountedPrice', order: 'ASC' }],
          },
        },
      });
      expect(bySale.body.products.map((p: Json) => p.priceData.discountedPrice)).toEqual([
        62, 64, 68, 71.2,
      ]);
    });

    it.each([
      ['$eq', { slug: { $eq: 'gift-card' } }, ['Gift Card']],
      ['plain equality', { name: 'Gift Card' }, ['Gift Card']],
      ['$ne', { $and: [{ brand: 'Vitrine Studio' }, { name: { $ne: 'Gift Card' } }] }, 9],
      // Down Sleeping Bag is $259 before its 10% sale ($233.10): `price` is the list price.
      ['$gt', { price: { $gt: 250 } }, ['Two-Person Tent', 'Down Sleeping Bag']],
      ['$gte', { price: { $gte: 259 } }, ['Two-Person Tent', 'Down Sleeping Bag']],
      ['$lt', { price: { $lt: 9 } }, ['Desktop Wallpapers']],
      [
        '$lte',
        { price: { $lte: 9 } },
        ['Washi Tape Trio', 'Desktop Wallpapers', 'Budget Spreadsheet'],
      ],
      ['$in', { slug: { $in: ['gift-card', 'headlamp'] } }, ['Headlamp', 'Gift Card']],
      [
        '$nin',
        { $and: [{ brand: 'Folio' }, { ribbon: { $nin: ['', 'New'] } }] },
        ['A5 Notebook', 'Letterpress Cards'],
      ],
      [
        '$hasSome',
        { 'productOptions.name': { $hasSome: ['Capacity'] } },
        ['Daypack', 'Insulated Bottle'],
      ],
      ['$hasAll', { 'productOptions.name': { $hasAll: ['Size', 'Color'] } }, 9],
      [
        '$startsWith',
        { name: { $startsWith: 'wool' } },
        ['Wool Beanie', 'Wool Runner', 'Wool Throw Blanket'],
      ],
      [
        '$contains',
        { name: { $contains: 'PEN' } },
        ['Fountain Pen', 'Gel Pen Set', 'Leather Pencil Case'],
      ],
      [
        '$isEmpty',
        { $and: [{ brand: 'Ridgeline' }, { ribbon: { $isEmpty: false } }] },
        ['Daypack', 'Down Sleeping Bag', 'Headlamp'],
      ],
      ['$exists', { pricePerUnitData: { $exists: true } }, 4],
      ['$or', { $or: [{ slug: 'gift-card' }, { slug: 'headlamp' }] }, ['Headlamp', 'Gift Card']],
      [
        '$not',
        { $and: [{ brand: 'Hearth' }, { $not: { price: { $lt: 50 } } }] },
        ['Walnut Cutting Board', 'Pour-Over Coffee Set', 'Wool Throw Blanket', 'Chef Knife'],
      ],
      [
        'inventory status',
        { 'stock.inventoryStatus': 'OUT_OF_STOCK' },
        ['Leather Loafer', 'Gel Pen Set'],
      ],
      ['collection ids', { 'collections.id': { $hasSome: ['none'] } }, []],
    ])('filters with %s', async (_op, filter, expected) => {
      const result = await names(filter);
      if (typeof expected === 'number') expect(result).toHaveLength(expected);
      else expect(new Set(result)).toEqual(new Set(expected));
    });

    it('filters by collection and pages through it', async () => {
      const collections = (
        await call(emu, 'POST', '/v2/collections/query', {
          token,
          body: { query: { filter: { slug: 'outdoor' } } },
        })
      ).body.collections;
      const page1 = await products(emu, token, {
        filter: { collectionIds: { $hasSome: [collections[0].id] } },
        paging: { limit: 6 },
      });
      const page2 = await products(emu, token, {
        filter: { collectionIds: { $hasSome: [collections[0].id] } },
        paging: { limit: 6, offset: 6 },
      });
      expect(page1).toHaveLength(6);
      expect(page2).toHaveLength(4);
      expect(new Set([...page1, ...page2].map((p) => p.id)).size).toBe(10);
    });

    it('defaults to 50 per page, with variants and without costs', async () => {
      const reply = await call(emu, 'POST', QUERY, { token, body: {} });
      expect(reply.body.products).toHaveLength(50);
      expect(reply.body.metadata).toEqual({ count: 50, offset: 0, total: 60 });
      const tee = reply.body.products.find((p: Json) => p.slug === 'classic-crew-tee');
      expect(tee.manageVariants).toBe(true);
      expect(tee.variants).toHaveLength(8);
      expect(tee.variants[0]).toMatchObject({ choices: { Size: 'S' }, stock: { inStock: true } });
      expect(reply.body.products[0].costAndProfitData).toBeUndefined();
    });

    it('answers a product query with managed variants carrying them, as a product page reads them (regression: the official client found none)', async () => {
      const reply = await call(
        emu,
        'GET',
        `${QUERY}?.r=${encodeDotR({ query: { filter: { slug: 'classic-crew-tee' }, paging: { limit: 1 } } })}`,
        { token },
      );
      const [tee] = reply.body.products;
      const [single] = (await call(emu, 'GET', `/stores-reader/v1/products/${tee.id}`, { token }))
        .body.product.variants;
      expect(tee.variants[0]).toEqual(single);
    });

    it('keeps the older Query Products without variants unless asked', async () => {
      const legacy = '/stores-reader/v1/products/query';
      const plain = await call(emu, 'POST', legacy, { token, body: {} });
      expect(plain.body.products[0].variants).toBeUndefined();
      const asked = await call(emu, 'POST', legacy, { token, body: { includeVariants: true } });
      expect(asked.body.products[0].variants.length).toBeGreaterThan(0);
    });

    it('pages by cursor as well as by offset', async () => {
      const first = await call(emu, 'POST', QUERY, {
        token,
        body: {
          query: {
            filter: { brand: 'Northwind' },
            sort: [{ fieldName: 'name', order: 'ASC' }],
            cursorPaging: { limit: 4 },
          },
        },
      });
      expect(first.body.metadata).toEqual({ count: 4, cursors: { next: expect.any(String) } });
      const seen = first.body.products.map((p: Json) => p.name);
      let next = first.body.metadata.cursors.next;
      while (next) {
        const page = await call(
          emu,
          'GET',
          `${QUERY}?.r=${encodeDotR({ query: { cursorPaging: { limit: 4, cursor: next } } })}`,
          { token },
        );
        expect(page.status).toBe(200);
        seen.push(...page.body.products.map((p: Json) => p.name));
        next = page.body.metadata.cursors.next;
      }
      const all = await call(emu, 'POST', QUERY, {
        token,
        body: {
          query: { filter: { brand: 'Northwind' }, sort: [{ fieldName: 'name', order: 'ASC' }] },
        },
      });
      expect(seen).toEqual(all.body.products.map((p: Json) => p.name));
      expect(seen).toHaveLength(10);
    });

    it.each([
      [
        'an unknown operator',
        { query: { filter: { price: { $gtx: 1 } } } },
        'query.filter.price.$gtx',
      ],
      ['a bad operand', { query: { filter: { slug: { $in: 'x' } } } }, 'query.filter.slug.$in'],
      ['a bad $and', { query: { filter: { $and: {} } } }, 'query.filter.$and'],
      ['a limit over 100', { query: { paging: { limit: 1000 } } }, 'query.paging.limit'],
      [
        'a cursor that this emulator did not issue',
        { query: { cursorPaging: { cursor: 'bm90LWEtY3Vyc29y' } } },
        'query.cursorPaging.cursor',
      ],
      [
        'a cursor with a filter',
        { query: { filter: { brand: 'x' }, cursorPaging: { cursor: 'eyJvZmZzZXQiOjB9' } } },
        'query.cursorPaging.cursor',
      ],
      [
        'cursor and offset paging together',
        { query: { paging: { limit: 2 }, cursorPaging: { limit: 2 } } },
        'query.paging',
      ],
      [
        'a cursor limit over 100',
        { query: { cursorPaging: { limit: 101 } } },
        'query.cursorPaging.limit',
      ],
      [
        'a cursor limit of 0 (a page that cannot move a cursor on)',
        { query: { cursorPaging: { limit: 0 } } },
        'query.cursorPaging.limit',
      ],
      ['an offset limit of 0', { query: { paging: { limit: 0 } } }, 'query.paging.limit'],
      [
        'a bad sort order',
        { query: { sort: [{ fieldName: 'price', order: 'UP' }] } },
        'query.sort[0].order',
      ],
      ['an unknown top-level field', { query: {}, hack: true }, 'hack'],
    ])('refuses %s naming the field', async (_name, body, field) => {
      const reply = await call(emu, 'POST', QUERY, { token, body });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toContain(field);
    });

    it('refuses a malformed .r', async () => {
      expect(fields(await call(emu, 'GET', `${QUERY}?.r=%%%`, { token }))).toEqual(['.r']);
      expect(
        fields(
          await call(emu, 'GET', `${QUERY}?.r=${Buffer.from('not json').toString('base64url')}`, {
            token,
          }),
        ),
      ).toEqual(['.r']);
    });

    it('refuses control characters in a shorthand equality filter as in $eq', async () => {
      for (const filter of [{ name: 'a\u0000b' }, { name: { $eq: 'a\u0000b' } }]) {
        const reply = await call(emu, 'POST', QUERY, { token, body: { query: { filter } } });
        expect(reply.status).toBe(400);
        expect(fields(reply)[0]).toMatch(/^query\.filter\.name/);
      }
    });
  });

  describe('products, collections and variants by id', () => {
    it('gets a product with variants; costs only with includeMerchantSpecificData', async () => {
      const [tee] = await products(emu, token, { filter: { slug: 'classic-crew-tee' } });
      const plain = await call(emu, 'GET', `/stores-reader/v1/products/${tee.id}`, { token });
      expect(plain.body.product.variants).toHaveLength(8);
      expect(plain.body.product.costAndProfitData).toBeUndefined();
      const merchant = await call(
        emu,
        'GET',
        `/stores-reader/v1/products/${tee.id}?includeMerchantSpecificData=true`,
        { token },
      );
      expect(merchant.body.product.costAndProfitData.itemCost).toBeGreaterThan(0);
      expect(
        (await call(emu, 'GET', '/stores-reader/v1/products/nope', { token })).body.details
          .applicationError.code,
      ).toBe('NOT_FOUND');
    });

    it('gets collections by id and slug (v1 and v2)', async () => {
      const [first] = (
        await call(emu, 'POST', '/v2/collections/query', {
          token,
          body: { query: { sort: [{ fieldName: 'name', order: 'ASC' }] } },
        })
      ).body.collections;
      expect(first.name).toBe('Apparel');
      expect(
        (await call(emu, 'GET', `/v2/collections/${first.id}`, { token })).body.collection,
      ).toEqual(first);
      expect(
        (await call(emu, 'GET', `/v2/collections/slug/${first.slug}`, { token })).body.collection
          .id,
      ).toBe(first.id);
      expect(
        (await call(emu, 'GET', `/stores-reader/v1/collections/slug/${first.slug}`, { token })).body
          .collection.id,
      ).toBe(first.id);
      expect(
        (
          await call(
            emu,
            'GET',
            `/v2/collections/query?.r=${encodeDotR({ query: { filter: { slug: 'digital' } } })}`,
            { token },
          )
        ).body.collections[0].name,
      ).toBe('Digital');
      expect((await call(emu, 'GET', '/v2/collections/slug/none', { token })).status).toBe(404);
    });

    it('answers option availability and the selected variant', async () => {
      const [tee] = await products(
        emu,
        token,
        { filter: { slug: 'classic-crew-tee' } },
        { includeVariants: true },
      );
      const color = tee.productOptions.find((o: Json) => o.name === 'Color').choices[0].description;
      const partial = await call(
        emu,
        'POST',
        `/stores-reader/v1/products/${tee.id}/productOptionsAvailability`,
        { token, body: { options: { Size: 'L' } } },
      );
      expect(partial.body.selectedVariant).toBeNull();
      expect(partial.body.availableForPurchase).toBe(false);
      const full = await call(
        emu,
        'POST',
        `/stores-reader/v1/products/${tee.id}/productOptionsAvailability`,
        { token, body: { options: { Size: 'XL', Color: color } } },
      );
      expect(full.body.selectedVariant).toMatchObject({
        choices: { Size: 'XL', Color: color },
        price: { price: 28 },
      });
      const bad = await call(
        emu,
        'POST',
        `/stores-reader/v1/products/${tee.id}/productOptionsAvailability`,
        { token, body: { options: { Size: 'XXXL' } } },
      );
      expect(fields(bad)).toEqual(['options.Size']);
    });

    it("queries a product's variants and all variants; gets one by id", async () => {
      const [tee] = await products(
        emu,
        token,
        { filter: { slug: 'classic-crew-tee' } },
        { includeVariants: true },
      );
      const bySize = await call(
        emu,
        'POST',
        `/stores-reader/v1/products/${tee.id}/variants/query`,
        { token, body: { choices: { Size: 'S' } } },
      );
      expect(bySize.body.variants).toHaveLength(2);
      expect(bySize.body.totalResults).toBe(2);
      const all = await call(emu, 'POST', '/stores-reader/v1/variants/query', {
        token,
        body: { query: { filter: { productId: tee.id }, paging: { limit: 5 } } },
      });
      expect(all.body.metadata).toEqual({ count: 5, offset: 0, total: 8 });
      // The variants API names a variant `{productId}-{variantId}`, with a plain image.
      const variantId = `${tee.id}-${tee.variants[3].id}`;
      const one = await call(emu, 'GET', `/stores-reader/v1/variants/${variantId}`, { token });
      expect(one.body.variant).toMatchObject({
        id: variantId,
        variantId: tee.variants[3].id,
        productId: tee.id,
        productName: tee.name,
        variantName: Object.values(tee.variants[3].choices).join(' / '),
        choices: tee.variants[3].choices,
      });
      expect(one.body.variant.media.image).toMatchObject({
        width: expect.any(Number),
        altText: expect.any(String),
      });
      expect(one.body.variant.media.image.url).toContain('/media/');
      expect(all.body.variants[0].id).toBe(
        `${all.body.variants[0].productId}-${all.body.variants[0].variantId}`,
      );
    });
  });
});

describe('catalog writes', () => {
  let emu: Emu;
  /** Merchant-side calls need the elevated credential: the API key. */
  let token: string;
  beforeAll(async () => {
    emu = await start();
    token = emu.apiKey;
  });

  describe('POST /stores/v1/products', () => {
    it('creates a product and reads it back', async () => {
      const reply = await call(emu, 'POST', '/stores/v1/products', {
        token,
        body: {
          product: {
            name: 'Test Lamp',
            productType: 'physical',
            priceData: { price: '49.5' },
            costAndProfitData: { itemCost: 20 },
            weight: 1.5,
            productOptions: [
              { name: 'Finish', choices: [{ description: 'Brass' }, { description: 'Chrome' }] },
            ],
            stock: { trackInventory: true, quantity: 4 },
          },
        },
      });
      expect(reply.status).toBe(200);
      const product = reply.body.product;
      expect(product).toMatchObject({
        name: 'Test Lamp',
        slug: 'test-lamp',
        priceData: { price: 49.5 },
        manageVariants: true,
        stock: { quantity: 8, inventoryStatus: 'IN_STOCK' },
        costAndProfitData: { itemCost: 20, profit: 29.5 },
      });
      expect(product.variants).toHaveLength(2);
      expect(
        (await call(emu, 'GET', `/stores-reader/v1/products/${product.id}`, { token })).body.product
          .name,
      ).toBe('Test Lamp');
    });

    it('answers every violation in the platform shape', async () => {
      const reply = await call(emu, 'POST', '/stores/v1/products', {
        token,
        body: {
          product: {
            productType: 'vinyl',
            priceData: { price: 1e300 },
            weight: -1,
            discount: { type: 'PERCENT', value: 10 },
            nickname: 'x',
          },
        },
      });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toEqual([
        'product.name',
        'product.nickname',
        'product.priceData.price',
        'product.productType',
        'product.weight',
      ]);
      expect(reply.body.message).toMatch(/^INVALID_ARGUMENT: /);
      const discount = await call(emu, 'POST', '/stores/v1/products', {
        token,
        body: {
          product: {
            name: 'D',
            priceData: { price: 10 },
            discount: { type: 'PERCENT', value: 150 },
          },
        },
      });
      expect(fields(discount)).toEqual(['product.discount.value']);
      const many = await call(emu, 'POST', '/stores/v1/products', {
        token,
        body: {
          product: {
            name: 'Huge',
            priceData: { price: 1 },
            productOptions: [1, 2, 3].map((n) => ({
              name: `O${n}`,
              choices: Array.from({ length: 10 }, (_, i) => ({ description: `c${i}` })),
            })),
          },
        },
      });
      expect(fields(many)).toEqual(['product.productOptions']);
    });
  });

  describe('PATCH, DELETE and the product sub-resources', () => {
    it('updates, edits variants, media, brand, ribbon, options, and deletes', async () => {
      const created = (
        await call(emu, 'POST', '/stores/v2/products-platformized', {
          token,
          body: {
            product: {
              name: 'Edit Me',
              priceData: { price: 10 },
              brand: 'B',
              ribbon: 'R',
              productOptions: [
                { name: 'Size', choices: [{ description: 'S' }, { description: 'L' }] },
              ],
            },
          },
        })
      ).body.product;
      const id = created.id;
      const patched = await call(emu, 'PATCH', `/stores/v1/products/${id}`, {
        token,
        body: { product: { id, name: 'Edited', priceData: { price: 12 } } },
      });
      expect(patched.body.product).toMatchObject({ name: 'Edited', priceData: { price: 12 } });
      expect(
        fields(
          await call(emu, 'PATCH', `/stores/v1/products/${id}`, {
            token,
            body: { product: { id: 'other' } },
          }),
        ),
      ).toEqual(['product.id']);
      const variants = await call(emu, 'PATCH', `/stores/v1/products/${id}/variants`, {
        token,
        body: { variants: [{ choices: { Size: 'L' }, price: 15, sku: 'L-1' }] },
      });
      expect(variants.body.variants).toHaveLength(1);
      expect(variants.body.variants[0].variant).toMatchObject({
        sku: 'L-1',
        priceData: { price: 15 },
      });
      expect(
        fields(
          await call(emu, 'PATCH', `/stores/v1/products/${id}/variants`, {
            token,
            body: { variants: [{ price: 1 }] },
          }),
        ),
      ).toEqual(['variants[0]']);
      await call(emu, 'POST', `/stores/v1/products/${id}/variants/resetToDefault`, {
        token,
        body: {},
      });
      const reset = (await call(emu, 'GET', `/stores-reader/v1/products/${id}`, { token })).body
        .product;
      expect(reset.variants.every((v: Json) => v.variant.priceData.price === 12)).toBe(true);
      expect(
        (
          await call(emu, 'POST', `/stores/v1/products/${id}/media`, {
            token,
            body: {
              media: [
                { mediaId: 'lamp-front.jpg' },
                { url: 'https://cdn.example/a.png', choice: { option: 'Size', choice: 'S' } },
              ],
            },
          })
        ).status,
      ).toBe(200);
      const withMedia = (await call(emu, 'GET', `/stores-reader/v1/products/${id}`, { token })).body
        .product;
      expect(withMedia.media.items.map((m: Json) => m.image.url)).toEqual([
        `${emu.url}/media/lamp-front.jpg`,
        'https://cdn.example/a.png',
      ]);
      expect(withMedia.productOptions[0].choices[0].media.items).toHaveLength(1);
      expect(
        fields(
          await call(emu, 'POST', `/stores/v1/products/${id}/media`, {
            token,
            body: { media: [{ url: 'javascript:alert(1)' }] },
          }),
        ),
      ).toEqual(['media[0].url']);
      await call(emu, 'PATCH', `/stores/v1/products/${id}/choices/media`, {
        token,
        body: { media: [{ option: 'Size', choice: 'L', mediaIds: ['lamp-front.jpg'] }] },
      });
      await call(emu, 'POST', `/stores/v1/products/${id}/choices/media/delete`, {
        token,
        body: { media: [{ option: 'Size', choice: 'L', mediaIds: [] }] },
      });
      await call(emu, 'POST', `/stores/v1/products/${id}/media/delete`, {
        token,
        body: { mediaIds: ['lamp-front.jpg'] },
      });
      await call(emu, 'POST', `/stores/v1/products/${id}/remove-brand`, { token, body: {} });
      await call(emu, 'POST', `/stores/v1/products/${id}/remove-ribbon`, { token, body: {} });
      await call(emu, 'DELETE', `/stores/v1/products/${id}/options`, { token });
      const after = (await call(emu, 'GET', `/stores-reader/v1/products/${id}`, { token })).body
        .product;
      expect(after).toMatchObject({
        brand: '',
        ribbon: '',
        ribbons: [],
        productOptions: [],
        manageVariants: false,
      });
      expect(after.media.items).toHaveLength(1);
      expect(after.variants).toHaveLength(1);
      expect(
        (await call(emu, 'DELETE', `/stores/v2/products-platformized/${id}`, { token })).status,
      ).toBe(200);
      expect((await call(emu, 'GET', `/stores-reader/v1/products/${id}`, { token })).status).toBe(
        404,
      );
      expect((await call(emu, 'DELETE', `/stores/v1/products/${id}`, { token })).status).toBe(404);
    });
  });

  describe('collections', () => {
    it('creates, fills, empties, updates and deletes a collection', async () => {
      const created = await call(emu, 'POST', '/stores/v1/collections', {
        token,
        body: { collection: { name: 'Summer Picks' } },
      });
      const id = created.body.collection.id;
      expect(created.body.collection).toMatchObject({
        name: 'Summer Picks',
        slug: 'summer-picks',
        numberOfProducts: 0,
      });
      const some = await products(emu, token, { paging: { limit: 3 } });
      await call(emu, 'POST', `/stores/v1/collections/${id}/productIds`, {
        token,
        body: { productIds: some.map((p) => p.id) },
      });
      expect(
        (await call(emu, 'GET', `/v2/collections/${id}`, { token })).body.collection
          .numberOfProducts,
      ).toBe(3);
      expect(
        await products(emu, token, { filter: { collectionIds: { $hasSome: [id] } } }),
      ).toHaveLength(3);
      await call(emu, 'POST', `/stores/v1/collections/${id}/productIds/delete`, {
        token,
        body: { productIds: [some[0].id] },
      });
      expect(
        (await call(emu, 'GET', `/v2/collections/${id}`, { token })).body.collection
          .numberOfProducts,
      ).toBe(2);
      expect(
        fields(
          await call(emu, 'POST', `/stores/v1/collections/${id}/productIds`, {
            token,
            body: { productIds: ['nope'] },
          }),
        ),
      ).toEqual(['productIds[0]']);
      const updated = await call(emu, 'PATCH', `/stores/v1/collections/${id}`, {
        token,
        body: { collection: { name: 'Autumn Picks', slug: 'autumn' } },
      });
      expect(updated.body.collection).toMatchObject({ name: 'Autumn Picks', slug: 'autumn' });
      await call(emu, 'DELETE', `/stores/v1/collections/${id}`, { token });
      expect((await call(emu, 'GET', `/v2/collections/${id}`, { token })).status).toBe(404);
      expect(
        await products(emu, token, { filter: { collectionIds: { $hasSome: [id] } } }),
      ).toHaveLength(0);
      expect(
        fields(
          await call(emu, 'POST', '/stores/v1/collections', {
            token,
            body: { collection: { name: '' } },
          }),
        ),
      ).toEqual(['collection.name']);
    });
  });

  describe('sorting numbers', () => {
    // Prices of different lengths: compared as text, 1000 < 25.5 < 9, and `10` before `9`.
    const PRICES = [100, 9, 1000, 25.5, 10];
    let lengths: Emu;
    let shopper: string;
    beforeAll(async () => {
      lengths = await start();
      shopper = (await visitor(lengths)).access_token;
      for (const [i, price] of PRICES.entries()) {
        const made = await call(lengths, 'POST', '/stores/v1/products', {
          token: lengths.apiKey,
          body: { product: { name: `Length ${i}`, brand: 'Lengths', priceData: { price } } },
        });
        expect(made.status).toBe(200);
      }
    });
    const page = async (order: 'ASC' | 'DESC', paging: Record<string, number>) =>
      (
        await products(lengths, shopper, {
          filter: { brand: 'Lengths' },
          sort: [{ fieldName: 'price', order }],
          paging,
        })
      ).map((p) => p.priceData.price as number);

    it.each([
      ['ASC', [[9, 10], [25.5, 100], [1000]]],
      ['DESC', [[1000, 100], [25.5, 10], [9]]],
    ] as const)(
      'sorts %s by value, and each offset page holds its own items',
      async (order, pages) => {
        expect(await page(order, { limit: 2, offset: 0 })).toEqual(pages[0]);
        expect(await page(order, { limit: 2, offset: 2 })).toEqual(pages[1]);
        expect(await page(order, { limit: 2, offset: 4 })).toEqual(pages[2]);
        expect(await page(order, { limit: 100 })).toEqual(pages.flat());
      },
    );

    it('walks the same pages by cursor, and filters numbers by value', async () => {
      const seen: number[][] = [];
      let reply = await call(lengths, 'POST', QUERY, {
        token: shopper,
        body: {
          query: {
            filter: { brand: 'Lengths' },
            sort: [{ fieldName: 'price', order: 'ASC' }],
            cursorPaging: { limit: 2 },
          },
        },
      });
      for (;;) {
        seen.push(reply.body.products.map((p: Json) => p.priceData.price));
        const next = reply.body.metadata.cursors.next;
        if (!next) break;
        reply = await call(lengths, 'POST', QUERY, {
          token: shopper,
          body: { query: { cursorPaging: { limit: 2, cursor: next } } },
        });
      }
      expect(seen).toEqual([[9, 10], [25.5, 100], [1000]]);
      const above = await products(lengths, shopper, {
        filter: { brand: 'Lengths', price: { $gt: 10 } },
        sort: [{ fieldName: 'price', order: 'ASC' }],
      });
      expect(above.map((p) => p.priceData.price)).toEqual([25.5, 100, 1000]);
    });
  });

  describe('query answers', () => {
    it("keep each route, flag and reader apart: one answer is never another's", async () => {
      const fresh = await start();
      const reader = (await visitor(fresh)).access_token;
      const LEGACY = '/stores-reader/v1/products/query';
      const ask = async (path: string, slug: string, extra: Record<string, unknown> = {}) => {
        const reply = await call(fresh, 'POST', path, {
          token: reader,
          body: { query: { filter: { slug } }, ...extra },
        });
        const [product] = reply.body.products;
        return {
          costs: product.costAndProfitData !== undefined,
          variants: product.variants?.length ?? 0,
          variantCosts: product.variants?.[0]?.variant.costAndProfitData !== undefined,
        };
      };
      const merchant = { includeMerchantSpecificData: true };
      // The same body to both routes, each first once: one answers variants, the other does not.
      expect(await ask(QUERY, 'classic-crew-tee')).toEqual({
        costs: false,
        variants: 8,
        variantCosts: false,
      });
      expect(await ask(LEGACY, 'classic-crew-tee')).toEqual({
        costs: false,
        variants: 0,
        variantCosts: false,
      });
      expect(await ask(LEGACY, 'headlamp')).toEqual({
        costs: false,
        variants: 0,
        variantCosts: false,
      });
      expect((await ask(QUERY, 'headlamp')).variants).toBeGreaterThan(0);
      // Merchant data only to the request that asks, whichever came first.
      expect(await ask(LEGACY, 'daypack', merchant)).toEqual({
        costs: true,
        variants: 0,
        variantCosts: false,
      });
      expect(await ask(LEGACY, 'daypack')).toEqual({
        costs: false,
        variants: 0,
        variantCosts: false,
      });
      expect(await ask(LEGACY, 'fountain-pen')).toEqual({
        costs: false,
        variants: 0,
        variantCosts: false,
      });
      expect(await ask(LEGACY, 'fountain-pen', merchant)).toEqual({
        costs: true,
        variants: 0,
        variantCosts: false,
      });
      expect(await ask(QUERY, 'daypack', merchant)).toMatchObject({
        costs: true,
        variantCosts: true,
      });
      expect(await ask(QUERY, 'daypack')).toMatchObject({ costs: false, variantCosts: false });
      // And a product by id, with and without merchant data, in both orders.
      const [tee] = await products(fresh, reader, { filter: { slug: 'classic-crew-tee' } });
      const byId = async (flag: string) =>
        (
          await call(
            fresh,
            'GET',
            `/stores-reader/v1/products/${tee.id}?includeMerchantSpecificData=${flag}`,
            {
              token: reader,
            },
          )
        ).body.product;
      expect((await byId('false')).costAndProfitData).toBeUndefined();
      expect((await byId('true')).variants[0].variant.costAndProfitData).toBeDefined();
      expect((await byId('false')).variants[0].variant.costAndProfitData).toBeUndefined();
    });

    it('follow writes and resets (no stale cached answer)', async () => {
      const query = { filter: { slug: 'headlamp' } };
      const [before] = await products(emu, token, query);
      await call(emu, 'PATCH', `/stores/v1/products/${before.id}`, {
        token,
        body: { product: { priceData: { price: 41 } } },
      });
      expect((await products(emu, token, query))[0].priceData.price).toBe(41);
      await call(emu, 'DELETE', `/stores/v1/products/${before.id}`, { token });
      expect(await products(emu, token, query)).toEqual([]);
      await emu.reset();
      const fresh = (await visitor(emu)).access_token;
      expect((await products(emu, fresh, query))[0].priceData.price).toBe(before.priceData.price);
    });
  });

  describe('bulk', () => {
    it('sets and adjusts price, cost and weight, reporting per item', async () => {
      const [a, b] = await products(emu, token, {
        filter: { brand: 'Folio' },
        paging: { limit: 2 },
      });
      const set = await call(emu, 'POST', '/stores/v1/bulk/products/update', {
        token,
        body: { ids: [a.id, 'nope'], set: { price: 30, weight: 2 } },
      });
      expect(set.body.bulkActionMetadata).toEqual({
        totalSuccesses: 1,
        totalFailures: 1,
        undetailedFailures: 0,
      });
      expect(set.body.results[1].itemMetadata).toMatchObject({
        id: 'nope',
        originalIndex: 1,
        success: false,
        error: { code: 'NOT_FOUND' },
      });
      const adjust = await call(emu, 'POST', '/stores/v1/bulk/products/adjust-properties', {
        token,
        body: { ids: [a.id, b.id], adjust: { price: { percentage: 10 } } },
      });
      expect(adjust.body.bulkActionMetadata.totalSuccesses).toBe(2);
      expect(
        (await call(emu, 'GET', `/stores-reader/v1/products/${a.id}`, { token })).body.product
          .priceData.price,
      ).toBe(33);
      const negative = await call(emu, 'POST', '/stores/v1/bulk/products/adjust-properties', {
        token,
        body: { ids: [a.id], adjust: { price: { amount: -1000 } } },
      });
      expect(negative.body.results[0].itemMetadata.success).toBe(false);
      expect(
        fields(
          await call(emu, 'POST', '/stores/v1/bulk/products/adjust-properties', {
            token,
            body: { ids: [a.id], adjust: { price: { amount: 1, percentage: 1 } } },
          }),
        ),
      ).toEqual(['adjust.price']);
    });
  });
});
