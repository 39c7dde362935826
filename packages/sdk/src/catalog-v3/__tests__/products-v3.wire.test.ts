/**
 * `store.productsV3` on the wire, call by call, against the official client's
 * `@wix/auto_sdk_stores_products-v-3` 1.0.226 (see wire.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectSameWire, twoPages } from '../../__tests__/official-wire.js';

const IDS = Array.from({ length: 120 }, (_, i) => `product-id-0000000000000000000000-${i}`);
const VARIANTS = { variants: [{ choices: [], price: { actualPrice: { amount: '12' } } }] };

describe('productsV3 on the wire', () => {
  describe('get', () => {
    it('is a flat GET repeating the id, with the fields repeated', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) => visitor.productsV3.getProduct('p1', { fields: ['URL', 'CURRENCY'] }),
        ({ visitor }) => visitor.productsV3.get('p1', { fields: ['URL', 'CURRENCY'] }),
      );
      expect(request).toEqual({
        method: 'GET',
        path: '/stores/v3/products/p1',
        query: { productId: ['p1'], fields: ['URL', 'CURRENCY'] },
        body: undefined,
      });
    });

    it('without fields sends the id alone', async () => {
      await expectSameWire(
        ({ visitor }) => visitor.productsV3.getProduct('p1'),
        ({ visitor }) => visitor.productsV3.get('p1'),
      );
    });
  });

  it('getBySlug is a flat GET repeating the slug', async () => {
    const [request] = await expectSameWire(
      ({ visitor }) => visitor.productsV3.getProductBySlug('brass-ruler', { fields: ['URL'] }),
      ({ visitor }) => visitor.productsV3.getBySlug('brass-ruler', { fields: ['URL'] }),
    );
    expect(request?.query).toEqual({ slug: ['brass-ruler'], fields: ['URL'] });
  });

  describe('query', () => {
    it('sends filter, sort and page size as .r', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) =>
          visitor.productsV3
            .queryProducts({ fields: ['URL'] })
            .eq('slug', 'tee')
            .ascending('_createdDate')
            .limit(10)
            .find(),
        ({ visitor }) =>
          visitor.productsV3.query(
            {
              filter: { slug: 'tee' },
              sort: [{ fieldName: 'createdDate', order: 'ASC' }],
              cursorPaging: { limit: 10 },
            },
            { fields: ['URL'] },
          ),
      );
      expect(request?.method).toBe('GET');
      expect(Object.keys(request?.query ?? {})).toEqual(['.r']);
    });

    it('asks for the first 50 when given nothing', async () => {
      await expectSameWire(
        ({ visitor }) => visitor.productsV3.queryProducts({ cursorPaging: { limit: 50 } }),
        ({ visitor }) => visitor.productsV3.query(),
      );
    });

    it('sends a next page as its cursor and size only, with the same fields', async () => {
      const requests = await expectSameWire(
        async ({ visitor }) => {
          const page = await visitor.productsV3
            .queryProducts({ fields: ['URL'] })
            .eq('visible', true)
            .limit(1)
            .find();
          await page.next();
        },
        async ({ visitor }) => {
          const page = await visitor.productsV3.query(
            { filter: { visible: true }, cursorPaging: { limit: 1 } },
            { fields: ['URL'] },
          );
          await page.next();
        },
        twoPages('products'),
      );
      expect(requests[1]?.query).toEqual({
        '.r': { fields: ['URL'], query: { cursorPaging: { cursor: 'CURSOR-2', limit: 1 } } },
      });
    });

    it('falls back to a POST of the same JSON when the parameters pass 4000 characters', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) => visitor.productsV3.queryProducts().in('_id', IDS).find(),
        ({ visitor }) => visitor.productsV3.query({ filter: { id: { $in: IDS } } }),
      );
      expect(request).toMatchObject({
        method: 'POST',
        path: '/stores/v3/products/query',
        query: {},
      });
    });

    it('iterate walks the pages as the official client pages them', async () => {
      await expectSameWire(
        async ({ visitor }) => {
          const first = await visitor.productsV3
            .queryProducts()
            .eq('visible', true)
            .limit(1)
            .find();
          await first.next();
        },
        async ({ visitor }) => {
          const all = visitor.productsV3.iterate({
            filter: { visible: true },
            cursorPaging: { limit: 1 },
          });
          for await (const product of all) void product;
        },
        twoPages('products'),
      );
    });
  });

  describe('search', () => {
    it('sends filter, free text, aggregations and fields as .r', async () => {
      const search = {
        filter: {
          visible: true,
          'allCategoriesInfo.categories': { $matchItems: [{ id: 'category-1' }] },
        },
        search: { expression: 'tee', fields: ['name' as const], fuzzy: true, mode: 'AND' as const },
        aggregations: [
          { name: 'brands', type: 'VALUE' as const, fieldPath: 'brand.name' as const },
        ],
        sort: [{ fieldName: 'actualPriceRange.minValue.amount' as const, order: 'ASC' as const }],
        cursorPaging: { limit: 24 },
      };
      await expectSameWire(
        ({ visitor }) => visitor.productsV3.searchProducts(search, { fields: ['CURRENCY'] }),
        ({ visitor }) => visitor.productsV3.search(search, { fields: ['CURRENCY'] }),
      );
    });

    it('asks for the first 50 when given nothing', async () => {
      await expectSameWire(
        ({ visitor }) => visitor.productsV3.searchProducts({ cursorPaging: { limit: 50 } }),
        ({ visitor }) => visitor.productsV3.search(),
      );
    });

    it('sends a next page as its cursor and size only, with the same fields', async () => {
      await expectSameWire(
        async ({ visitor }) => {
          await visitor.productsV3.searchProducts(
            { filter: { visible: true }, cursorPaging: { limit: 1 } },
            { fields: ['URL'] },
          );
          await visitor.productsV3.searchProducts(
            { cursorPaging: { cursor: 'CURSOR-2', limit: 1 } },
            { fields: ['URL'] },
          );
        },
        async ({ visitor }) => {
          const page = await visitor.productsV3.search(
            { filter: { visible: true }, cursorPaging: { limit: 1 } },
            { fields: ['URL'] },
          );
          await page.next();
        },
        twoPages('products'),
      );
    });

    it('iterateSearch walks the pages the same way', async () => {
      await expectSameWire(
        async ({ visitor }) => {
          await visitor.productsV3.searchProducts({
            search: { expression: 'mug' },
            cursorPaging: { limit: 1 },
          });
          await visitor.productsV3.searchProducts({
            cursorPaging: { cursor: 'CURSOR-2', limit: 1 },
          });
        },
        async ({ visitor }) => {
          const found = visitor.productsV3.iterateSearch({
            search: { expression: 'mug' },
            cursorPaging: { limit: 1 },
          });
          for await (const product of found) void product;
        },
        twoPages('products'),
      );
    });
  });

  describe('count', () => {
    it('sends a filter as .r', async () => {
      await expectSameWire(
        ({ visitor }) => visitor.productsV3.countProducts({ filter: { visible: true } }),
        ({ visitor }) => visitor.productsV3.count({ filter: { visible: true } }),
      );
    });

    it('sends flat parameters when there is nothing nested, and none when empty', async () => {
      const requests = await expectSameWire(
        async ({ visitor }) => {
          await visitor.productsV3.countProducts({ returnNonVisibleProducts: true });
          await visitor.productsV3.countProducts();
        },
        async ({ visitor }) => {
          await visitor.productsV3.count({ returnNonVisibleProducts: true });
          await visitor.productsV3.count();
        },
      );
      expect(requests.map((request) => request.query)).toEqual([
        { returnNonVisibleProducts: ['true'] },
        {},
      ]);
    });

    it('falls back to a POST when long', async () => {
      const [request] = await expectSameWire(
        ({ visitor }) => visitor.productsV3.countProducts({ filter: { id: { $in: IDS } } }),
        ({ visitor }) => visitor.productsV3.count({ filter: { id: { $in: IDS } } }),
      );
      expect(request?.method).toBe('POST');
    });
  });

  it('allProductsCategory is a GET with no parameters', async () => {
    await expectSameWire(
      ({ visitor }) => visitor.productsV3.getAllProductsCategory(),
      ({ visitor }) => visitor.productsV3.allProductsCategory(),
    );
  });

  describe('writes', () => {
    it('create posts the product and the fields', async () => {
      const product = { name: 'Mug', productType: 'DIGITAL' as const, variantsInfo: VARIANTS };
      await expectSameWire(
        ({ merchant }) => merchant.productsV3.createProduct(product, { fields: ['URL'] }),
        ({ merchant }) => merchant.productsV3.create(product, { fields: ['URL'] }),
      );
    });

    it('update patches the product with its id and revision', async () => {
      const [request] = await expectSameWire(
        ({ merchant }) =>
          merchant.productsV3.updateProduct(
            'p1',
            { revision: '3', name: 'Big mug' },
            { fields: ['URL'] },
          ),
        ({ merchant }) =>
          merchant.productsV3.update('p1', { revision: '3', name: 'Big mug' }, { fields: ['URL'] }),
      );
      expect(request).toMatchObject({ method: 'PATCH', path: '/stores/v3/products/p1' });
    });

    it('delete repeats the id in the query', async () => {
      const [request] = await expectSameWire(
        ({ merchant }) => merchant.productsV3.deleteProduct('p1'),
        ({ merchant }) => merchant.productsV3.delete('p1'),
      );
      expect(request).toEqual({
        method: 'DELETE',
        path: '/stores/v3/products/p1',
        query: { productId: ['p1'] },
        body: undefined,
      });
    });

    it('createWithInventory posts the product with its variants’ stock', async () => {
      const product = {
        name: 'Mug',
        productType: 'DIGITAL' as const,
        variantsInfo: { variants: [{ choices: [], inventoryItem: { quantity: 3 } }] },
      };
      await expectSameWire(
        ({ merchant }) =>
          merchant.productsV3.createProductWithInventory(product, { fields: ['URL'] }),
        ({ merchant }) => merchant.productsV3.createWithInventory(product, { fields: ['URL'] }),
      );
    });

    it('updateWithInventory patches the product with its id and revision', async () => {
      await expectSameWire(
        ({ merchant }) =>
          merchant.productsV3.updateProductWithInventory('p1', { revision: '3', visible: false }),
        ({ merchant }) =>
          merchant.productsV3.updateWithInventory('p1', { revision: '3', visible: false }),
      );
    });

    it('bulkCreate posts the products, returnEntity and fields', async () => {
      const products = [{ name: 'A', productType: 'DIGITAL' as const, variantsInfo: VARIANTS }];
      await expectSameWire(
        ({ merchant }) =>
          merchant.productsV3.bulkCreateProducts(products, { returnEntity: true, fields: ['URL'] }),
        ({ merchant }) =>
          merchant.productsV3.bulkCreate(products, { returnEntity: true, fields: ['URL'] }),
      );
    });

    it('bulkUpdate sends each field mask as its paths joined by commas', async () => {
      const [request] = await expectSameWire(
        ({ merchant }) =>
          merchant.productsV3.bulkUpdateProducts(
            // Its types leave the field mask out; its code sends it.
            [
              {
                product: { _id: 'p1', revision: '1', name: 'B' },
                fieldMask: ['name', 'visible'],
              } as never,
            ],
            { returnEntity: true },
          ),
        ({ merchant }) =>
          merchant.productsV3.bulkUpdate(
            [{ product: { id: 'p1', revision: '1', name: 'B' }, fieldMask: ['name', 'visible'] }],
            { returnEntity: true },
          ),
      );
      expect(request?.body).toMatchObject({ products: [{ fieldMask: 'name,visible' }] });
    });

    it('bulkDelete posts the ids', async () => {
      await expectSameWire(
        ({ merchant }) => merchant.productsV3.bulkDeleteProducts(['p1', 'p2']),
        ({ merchant }) => merchant.productsV3.bulkDelete(['p1', 'p2']),
      );
    });
  });
});
