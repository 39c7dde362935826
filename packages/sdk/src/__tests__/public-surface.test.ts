import { describe, expect, it } from 'vitest';
import * as models from '../models.js';
import * as root from '../index.js';
import * as server from '../server.js';
import * as lite from '../lite.js';

// The root entry's runtime exports, chosen on purpose: each is a promise to keep. Adding one is
// a decision this list records; the README's "Not exported" section says what is left out.
const ROOT = [
  'CATALOG_CACHE_TAG',
  'COLLECTION_LISTS_CACHE_TAG',
  'CartOperationCancelledError',
  'CatalogVersionError',
  'PRODUCT_LISTS_CACHE_TAG',
  'PRODUCT_SORT_ORDERS',
  'STORES_APP_ID',
  'STORES_RECOMMENDATION_ALGORITHMS',
  'StoreApiError',
  'StoreApplicationError',
  'StoreArgumentError',
  'StoreAuthError',
  'StoreAuthErrorCodes',
  'StoreClientError',
  'StoreErrorCodes',
  'StoreSystemError',
  'StoreValidationError',
  'UnexpectedWebhookEventError',
  'VitrineError',
  'WebhookVerificationError',
  'browserStorage',
  'cacheTagsToExpire',
  'choiceAvailability',
  'chosenVariant',
  'collectionCacheTag',
  'collectionListCacheTags',
  'cookieStorage',
  'createDeferredStoreClient',
  'createStoreClient',
  'createWebhookHandler',
  'imageSrcSet',
  'initialSelection',
  'isCartOperationCancelledError',
  'isCatalogVersionError',
  'isStoreApiError',
  'isStoreApplicationError',
  'isStoreArgumentError',
  'isStoreAuthError',
  'isStoreClientError',
  'isStoreSystemError',
  'isStoreValidationError',
  'isUnexpectedWebhookEventError',
  'isVitrineError',
  'isWebhookVerificationError',
  'lineItemOptions',
  'matchingVariants',
  'memoryStorage',
  'parseFromUrl',
  'parseProductSortOrder',
  'pickableOptions',
  'productCacheTag',
  'productListCacheTags',
  'productSortQuery',
  'readStoreSnapshot',
  'scaledImageUrl',
  'selectionPrices',
  'serializeCookie',
  'sessionEndpoint',
  'snapshotCartState',
  'startHostedCheckout',
  'storefrontLineItem',
  'storefrontProductListCacheTags',
  'storesCatalogReference',
  'storesLineItem',
  'toSameOriginPath',
];

describe('public surface', () => {
  it('the root entry exports what apps use, and nothing else', () => {
    expect(Object.keys(root).sort()).toEqual(ROOT);
  });

  it('leaves the internals out', () => {
    for (const internal of [
      'planQueryRequest',
      'planRead',
      'toSearchParams',
      'encodeBase64Url',
      'decodeBase64Url',
      'serializeBody',
      'createHostRouter',
      'createCartStore',
      'INITIAL_CART_STATE',
      'RENEWAL_MARGIN_MS',
      'createCodeVerifier',
      'createCodeChallenge',
      'defineEnum',
    ]) {
      expect(internal in root).toBe(false);
      expect(internal in models).toBe(false);
    }
  });

  it('has the enumerations with their values on the models entry only', () => {
    expect(models.ItemAvailability.values).toContain('AVAILABLE');
    expect(models.LoginState.SUCCESS).toBe('SUCCESS');
    expect(models.WEBHOOK_EVENT_NAMES).toContain('cartUpdated');
    expect(models.MemberFieldset.values).toEqual(['PUBLIC', 'EXTENDED', 'FULL']);
    expect(models.OrderStatus.APPROVED).toBe('APPROVED');
    expect(models.ProductV3Field.values).toContain('MEDIA_ITEMS_INFO');
    expect(models.CategoryField.values).toEqual([
      'BREADCRUMBS_INFO',
      'DESCRIPTION',
      'RICH_CONTENT_DESCRIPTION',
    ]);
    expect('ProductV3Field' in root).toBe(false);
    expect('MemberFieldset' in root).toBe(false);
    expect('ItemAvailability' in root).toBe(false);
    expect('LoginState' in root).toBe(false);
  });

  it('the server entry adds the per-request client to what it shares with the root', () => {
    expect(Object.keys(server).sort()).toEqual([
      'answerSessionRequest',
      'cookieStorage',
      'createServerStoreClient',
      'readRequestSession',
      'readStoreSnapshot',
      'serializeCookie',
      'sessionIdentity',
    ]);
    expect(server.cookieStorage).toBe(root.cookieStorage);
  });

  it("the lite entry holds what islands use before the store, each the root entry's name", () => {
    const names = Object.keys(lite).sort();
    expect(names).toEqual([
      'PRODUCT_SORT_ORDERS',
      'StoreArgumentError',
      'VitrineError',
      'choiceAvailability',
      'chosenVariant',
      'createDeferredStoreClient',
      'imageSrcSet',
      'initialSelection',
      'isCartOperationCancelledError',
      'isCatalogVersionError',
      'isStoreApiError',
      'isStoreApplicationError',
      'isStoreArgumentError',
      'isStoreAuthError',
      'isStoreClientError',
      'isStoreSystemError',
      'isStoreValidationError',
      'isVitrineError',
      'lineItemOptions',
      'matchingVariants',
      'parseProductSortOrder',
      'pickableOptions',
      'productSortQuery',
      'scaledImageUrl',
      'selectionPrices',
      'snapshotCartState',
      'storefrontLineItem',
      'storesCatalogReference',
      'storesLineItem',
      'toSameOriginPath',
    ]);
    expect(lite.VitrineError).toBe(root.VitrineError);
    expect(names.every((name) => name in root)).toBe(true);
  });
});
