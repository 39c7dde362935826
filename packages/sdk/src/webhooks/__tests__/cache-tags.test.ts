import { describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../errors/argument-error.js';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventName,
} from '../../models/webhooks.js';
import {
  CATALOG_CACHE_TAG,
  COLLECTION_LISTS_CACHE_TAG,
  PRODUCT_LISTS_CACHE_TAG,
  cacheTagsToExpire,
  collectionCacheTag,
  collectionListCacheTags,
  productCacheTag,
  productListCacheTags,
  storefrontProductListCacheTags,
} from '../cache-tags.js';

function event<N extends WebhookEventName>(type: N, data: WebhookEventDataMap[N]): WebhookEvent {
  return {
    type,
    eventType: WEBHOOK_EVENT_TYPES[type],
    instanceId: 'site-1',
    identity: { identityType: 'APP', appId: 'app-1' },
    data,
  } as WebhookEvent;
}

/** Whether expiring `expired` drops an entry tagged `tags`. */
const drops = (expired: readonly string[], tags: readonly string[]) =>
  tags.some((tag) => expired.includes(tag));

describe('cache-tags', () => {
  describe('productCacheTag / collectionCacheTag', () => {
    it('names the entity', () => {
      expect(productCacheTag('p1')).toBe('vitrine:product:p1');
      expect(collectionCacheTag('c1')).toBe('vitrine:collection:c1');
    });

    it('refuses an empty or overlong id, naming the argument', () => {
      expect(() => productCacheTag('')).toThrow(StoreArgumentError);
      expect(() => collectionCacheTag('x'.repeat(201))).toThrow(/"collectionId"/);
      expect(() => productCacheTag(undefined as unknown as string)).toThrow(/"productId"/);
    });
  });

  describe('productListCacheTags', () => {
    it('tags every item, every field the filter and sort read, and the kind of list', () => {
      const tags = productListCacheTags(
        {
          filter: { $and: [{ ribbon: 'Sale' }, { 'priceData.price': { $lt: 50 } }] },
          sort: [{ fieldName: 'name' }],
        },
        [{ id: 'p1' }, { id: 'p2' }, {}],
      );
      expect(tags.sort()).toEqual(
        [
          CATALOG_CACHE_TAG,
          PRODUCT_LISTS_CACHE_TAG,
          'vitrine:products:by:ribbon',
          'vitrine:products:by:price',
          'vitrine:products:by:name',
          'vitrine:product:p1',
          'vitrine:product:p2',
        ].sort(),
      );
    });

    it("tags a collection's products with the collection", () => {
      const tags = productListCacheTags(
        { filter: { 'collections.id': { $hasSome: ['c1', 'c2'] } } },
        [],
      );
      expect(tags).toContain(collectionCacheTag('c1'));
      expect(tags).toContain(collectionCacheTag('c2'));
      expect(tags).toContain('vitrine:products:by:collectionIds');
    });

    it('finds the collections a filter names inside $and, $or and $not, and nothing else', () => {
      const tags = productListCacheTags(
        {
          filter: {
            $or: [{ collectionIds: { $hasAll: ['c1'] } }, { name: 'c9' }],
            $and: [{ $not: { 'collections.id': { $hasSome: ['c2'] } } }],
          },
        },
        [],
      );
      expect(tags.filter((tag) => tag.startsWith('vitrine:collection:')).sort()).toEqual([
        collectionCacheTag('c1'),
        collectionCacheTag('c2'),
      ]);
      expect(tags).toContain('vitrine:products:by:name');
    });

    it('stays within the 128 tags a cache takes: a longer list is expired by any catalog change', () => {
      const items = Array.from({ length: 150 }, (_, i) => ({ id: `p${i}` }));
      const tags = productListCacheTags({ sort: [{ fieldName: 'price' }] }, items);
      expect(tags.length).toBeLessThanOrEqual(128);
      // A name change of an item it could not tag still expires it.
      expect(
        drops(
          cacheTagsToExpire(
            event('productChanged', { productId: 'p140', changedFields: ['name'] }),
          ),
          tags,
        ),
      ).toBe(true);
    });
  });

  describe('collectionListCacheTags', () => {
    it('tags every collection, the fields it reads and the kind of list', () => {
      expect(
        collectionListCacheTags({ sort: [{ fieldName: 'name' }] }, [{ id: 'c1' }]).sort(),
      ).toEqual(
        [
          CATALOG_CACHE_TAG,
          COLLECTION_LISTS_CACHE_TAG,
          'vitrine:collections:by:name',
          'vitrine:collection:c1',
        ].sort(),
      );
    });
  });

  describe('cacheTagsToExpire', () => {
    const page = productCacheTag('p1');
    const listWithP1 = productListCacheTags({ filter: { ribbon: 'New' } }, [{ id: 'p1' }]);
    const byPrice = productListCacheTags({ sort: [{ fieldName: 'price' }], paging: {} } as never, [
      { id: 'p2' },
    ]);
    const other = productListCacheTags({ filter: { ribbon: 'Sale' } }, [{ id: 'p3' }]);
    const collections = collectionListCacheTags({ sort: [{ fieldName: 'name' }] }, [{ id: 'c1' }]);
    const inC1 = productListCacheTags({ filter: { 'collections.id': { $hasSome: ['c1'] } } }, [
      { id: 'p4' },
    ]);

    it("a product's price expires its page, the lists it is in, and every list sorted by price", () => {
      const expired = cacheTagsToExpire(
        event('productChanged', { productId: 'p1', changedFields: ['priceData'] }),
      );
      expect(drops(expired, [page])).toBe(true);
      expect(drops(expired, listWithP1)).toBe(true);
      // p1 is not on that page, but a lower price may bring it in.
      expect(drops(expired, byPrice)).toBe(true);
      expect(drops(expired, other)).toBe(false);
      expect(drops(expired, collections)).toBe(false);
      expect(drops(expired, [productCacheTag('p3')])).toBe(false);
    });

    it('a ribbon given to a product expires the lists filtered by ribbon, not the others', () => {
      const expired = cacheTagsToExpire(
        event('productChanged', { productId: 'p9', changedFields: ['ribbon'] }),
      );
      expect(drops(expired, other)).toBe(true);
      expect(drops(expired, byPrice)).toBe(false);
    });

    it('a product moved into a collection expires the lists filtered by collection and the collection counts', () => {
      const expired = cacheTagsToExpire(
        event('productChanged', { productId: 'p9', changedFields: ['collectionIds'] }),
      );
      expect(drops(expired, inC1)).toBe(true);
      expect(drops(expired, collections)).toBe(true);
      expect(drops(expired, other)).toBe(false);
    });

    it('a product made visible expires every product list', () => {
      const expired = cacheTagsToExpire(
        event('productChanged', { productId: 'p9', changedFields: ['visible'] }),
      );
      expect(drops(expired, other)).toBe(true);
      expect(drops(expired, byPrice)).toBe(true);
    });

    it('a deleted product expires its page, the lists it is in and the collection counts', () => {
      const expired = cacheTagsToExpire(event('productDeleted', { productId: 'p1' }));
      expect(drops(expired, [page])).toBe(true);
      expect(drops(expired, listWithP1)).toBe(true);
      expect(drops(expired, collections)).toBe(true);
      expect(drops(expired, other)).toBe(false);
    });

    it('a created product expires every product list (and a lookup of its slug that found nothing)', () => {
      const expired = cacheTagsToExpire(
        event('productCreated', { productId: 'p9', name: 'New thing' }),
      );
      expect(drops(expired, other)).toBe(true);
      expect(drops(expired, productListCacheTags({ filter: { slug: 'new-thing' } }, []))).toBe(
        true,
      );
      expect(drops(expired, [page])).toBe(false);
    });

    it("a variant's price expires the product and the lists sorted by price", () => {
      const expired = cacheTagsToExpire(
        event('variantsChanged', {
          productId: 'p1',
          variants: [{ variantId: 'v1', changedFields: ['price'] }],
        }),
      );
      expect(drops(expired, [page])).toBe(true);
      expect(drops(expired, byPrice)).toBe(true);
      expect(drops(expired, other)).toBe(false);
    });

    it("a collection's change expires it, the lists it is in and its products", () => {
      const expired = cacheTagsToExpire(
        event('collectionChanged', { collectionId: 'c1', changedFields: ['productIds'] }),
      );
      expect(drops(expired, [collectionCacheTag('c1')])).toBe(true);
      expect(drops(expired, collections)).toBe(true);
      expect(drops(expired, inC1)).toBe(true);
      expect(drops(expired, other)).toBe(false);
      expect(drops(expired, [page])).toBe(false);
    });

    it('a created collection expires every collection list; a deleted one, itself', () => {
      expect(
        drops(
          cacheTagsToExpire(event('collectionCreated', { collectionId: 'c9', name: 'Nine' })),
          collectionListCacheTags(undefined, []),
        ),
      ).toBe(true);
      const deleted = cacheTagsToExpire(event('collectionDeleted', { collectionId: 'c1' }));
      expect(drops(deleted, inC1)).toBe(true);
      expect(drops(deleted, other)).toBe(false);
    });

    it('cart events expire nothing, on either cart API', () => {
      expect(cacheTagsToExpire(event('cartDeleted', { entityId: 'cart-1' }))).toEqual([]);
      expect(cacheTagsToExpire(event('cartV2Updated', { entityId: 'c', cart: {} }))).toEqual([]);
    });
  });

  describe('the storefront reads and Catalog V3’s events', () => {
    const product = (id: string) => ({ id, name: id });
    const page = productCacheTag('p1');
    const grid = storefrontProductListCacheTags({}, [product('p1')]);
    const cheapest = storefrontProductListCacheTags({ sort: 'price-asc' }, [product('p2')]);
    const byName = storefrontProductListCacheTags({ sort: 'name-asc' }, [product('p2')]);
    const search = storefrontProductListCacheTags({ text: 'tee' }, [product('p2')]);
    const kitchen = storefrontProductListCacheTags({ categoryId: 'c1' }, [product('p4')]);
    const bySlug = storefrontProductListCacheTags({ slug: 'new-tee' }, []);
    const bestsellers = storefrontProductListCacheTags({ ribbon: 'Bestseller' }, [product('p5')]);
    const categories = collectionListCacheTags(undefined, [{ id: 'c1' }]);

    it('a V3 product’s new price expires its page, its lists and the lists by price, not by name', () => {
      const expired = cacheTagsToExpire(
        event('productV3Updated', {
          entityId: 'p1',
          product: { id: 'p1' },
          modifiedFields: ['actualPriceRange', 'compareAtPriceRange'],
        }),
      );
      expect(drops(expired, [page])).toBe(true);
      expect(drops(expired, grid)).toBe(true);
      expect(drops(expired, cheapest)).toBe(true);
      expect(drops(expired, byName)).toBe(false);
      expect(drops(expired, kitchen)).toBe(false);
    });

    it('a V3 product given a ribbon expires the lists by ribbon, not those by price', () => {
      const expired = cacheTagsToExpire(
        event('productV3Updated', {
          entityId: 'p8',
          product: { id: 'p8' },
          modifiedFields: ['ribbon'],
        }),
      );
      expect(drops(expired, bestsellers)).toBe(true);
      expect(drops(expired, cheapest)).toBe(false);
    });

    it('a V3 product renamed expires the searches and the lists by name', () => {
      const expired = cacheTagsToExpire(
        event('productV3Updated', {
          entityId: 'p9',
          product: { id: 'p9' },
          modifiedFields: ['name'],
        }),
      );
      expect(drops(expired, search)).toBe(true);
      expect(drops(expired, byName)).toBe(true);
      expect(drops(expired, cheapest)).toBe(false);
    });

    it('a V3 product changed without its fields named expires every product list', () => {
      const expired = cacheTagsToExpire(
        event('productV3Updated', { entityId: 'p9', product: { id: 'p9' } }),
      );
      for (const list of [grid, cheapest, byName, search, kitchen, bySlug]) {
        expect(drops(expired, list)).toBe(true);
      }
    });

    it('a V3 product created expires every list and a lookup of its slug; deleted, its page and the counts', () => {
      const created = cacheTagsToExpire(
        event('productV3Created', { entityId: 'p7', product: { id: 'p7' } }),
      );
      expect(drops(created, bySlug)).toBe(true);
      expect(drops(created, grid)).toBe(true);
      const deleted = cacheTagsToExpire(event('productV3Deleted', { entityId: 'p1' }));
      expect(drops(deleted, [page])).toBe(true);
      expect(drops(deleted, grid)).toBe(true);
      expect(drops(deleted, categories)).toBe(true);
    });

    it("an inventory item's change expires its product and the lists that show stock", () => {
      const expired = cacheTagsToExpire(
        event('inventoryItemUpdated', {
          entityId: 'i1',
          inventoryItem: { id: 'i1', productId: 'p1', variantId: 'v1' },
        }),
      );
      expect(drops(expired, [page])).toBe(true);
      expect(drops(expired, grid)).toBe(true);
      expect(drops(expired, byName)).toBe(false);
    });

    it("a product added to a category expires the category's products, its count and the product", () => {
      const expired = cacheTagsToExpire(
        event('categoryItemAdded', {
          entityId: 'c1',
          categoryId: 'c1',
          item: { catalogItemId: 'p1' },
        }),
      );
      expect(drops(expired, kitchen)).toBe(true);
      expect(drops(expired, categories)).toBe(true);
      expect(drops(expired, [page])).toBe(true);
      expect(drops(expired, byName)).toBe(false);
    });

    it('a category renamed expires it and the category lists; one created, every category list', () => {
      const renamed = cacheTagsToExpire(
        event('categoryUpdated', {
          entityId: 'c1',
          category: { id: 'c1' },
          modifiedFields: ['name'],
        }),
      );
      expect(drops(renamed, kitchen)).toBe(true);
      expect(drops(renamed, categories)).toBe(true);
      const created = cacheTagsToExpire(
        event('categoryCreated', { entityId: 'c2', category: { id: 'c2' } }),
      );
      expect(drops(created, categories)).toBe(true);
      expect(drops(created, grid)).toBe(false);
    });
  });
});
