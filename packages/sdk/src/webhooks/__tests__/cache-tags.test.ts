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

    it('cart events expire nothing', () => {
      expect(cacheTagsToExpire(event('cartDeleted', { entityId: 'cart-1' }))).toEqual([]);
    });
  });
});
