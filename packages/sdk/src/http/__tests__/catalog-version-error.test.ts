/**
 * A call of the catalog the store does not run, at the network boundary: the platform's 428
 * answers (as platform-wire-v3.md gives them) become a typed {@link CatalogVersionError}.
 */
import { describe, expect, it } from 'vitest';
import { recordingFetch } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { isVitrineError } from '../../errors/is-vitrine-error.js';
import { StoreApplicationError } from '../errors/application-error.js';
import { CatalogVersionError } from '../errors/catalog-version-error.js';
import { StoreErrorCodes } from '../errors/codes.js';
import {
  isCatalogVersionError,
  isStoreApiError,
  isStoreApplicationError,
} from '../errors/type-guards.js';

const TOKEN = 'at_canary-catalog-token-9d3f';
const tokens = {
  accessToken: { value: TOKEN, expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_catalog-version', role: 'visitor' as const },
};

/** The V1 site's answer to a V3 call, verbatim as captured. */
const V1_SITE = {
  message:
    'Endpoint belongs to the wrong catalog version. This site is using CATALOG_V1. Read more about catalog versioning: https://dev.wix.com/docs/rest/business-solutions/stores/catalog-versioning/introduction',
  details: { applicationError: { code: 'CATALOG_V1_SITE_CALLING_CATALOG_V3_API' } },
};
/** The V3 site's answer to a V1 call. */
const v3Site = (code: string) => ({
  message: 'Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.',
  details: { applicationError: { code } },
});

function storeAnswering(status: number, body: unknown) {
  const recorder = recordingFetch(
    () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', 'x-wix-request-id': 'req-428' },
      }),
  );
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('CatalogVersionError', () => {
  it('a Catalog V1 call on a V3 store says the store runs V3 and what to call instead', async () => {
    const { store, requests } = storeAnswering(428, v3Site('CATALOG_V3_CALLING_CATALOG_V1_API'));
    const error = await failure(store.products.get('p1'));
    expect(error).toBeInstanceOf(CatalogVersionError);
    expect(error).toBeInstanceOf(StoreApplicationError);
    expect(error).toMatchObject({
      name: 'CatalogVersionError',
      storeCatalog: 'v3',
      status: 428,
      code: StoreErrorCodes.CATALOG_V3_CALLING_CATALOG_V1_API,
      requestId: 'req-428',
      retryable: false,
      message:
        'This store runs Catalog V3, and this is a Catalog V1 call (GET /stores-reader/v1/products/p1): use store.productsV3 / store.categories, or the storefront reads that work on either catalog',
    });
    expect(requests).toHaveLength(1);
    store.dispose();
  });

  it('accepts the other spelling of the V3 site code', async () => {
    const { store } = storeAnswering(428, v3Site('CATALOG_V3_SITE_CALLING_CATALOG_V1_API'));
    const error = await failure(store.collections.query());
    expect(error).toMatchObject({ name: 'CatalogVersionError', storeCatalog: 'v3' });
    expect((error as Error).message).toContain('(GET /v2/collections/query)');
    store.dispose();
  });

  it('a Catalog V3 call on a V1 store says the store runs V1', async () => {
    const { store } = storeAnswering(428, V1_SITE);
    const error = await failure(store.productsV3.query({ filter: { visible: true } }));
    expect(isCatalogVersionError(error)).toBe(true);
    expect(error).toMatchObject({
      storeCatalog: 'v1',
      code: 'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
      message:
        'This store runs Catalog V1, and this is a Catalog V3 call (GET /stores/v3/products/query): use store.products / store.collections, or the storefront reads that work on either catalog',
    });
    // The platform's own text stays with the error, in its details.
    expect(error).toMatchObject({
      description: 'Precondition Required',
      details: { message: V1_SITE.message, requestId: 'req-428' },
    });
    store.dispose();
  });

  it('a V3 store still being set up is a retryable application error, not a version error', async () => {
    const { store } = storeAnswering(428, {
      message: 'Site is currently being provisioned for CATALOG_V3. Retry the request.',
      details: { applicationError: { code: 'CATALOG_V3_SITE_PROVISIONING' } },
    });
    const error = await failure(
      store.productsV3.create({
        name: 'Mug',
        productType: 'DIGITAL',
        variantsInfo: { variants: [{ choices: [] }] },
      }),
    );
    expect(error).toBeInstanceOf(StoreApplicationError);
    expect(isCatalogVersionError(error)).toBe(false);
    expect(error).toMatchObject({
      name: 'StoreApplicationError',
      code: StoreErrorCodes.CATALOG_V3_SITE_PROVISIONING,
      retryable: true,
    });
    store.dispose();
  });

  it('is a version error only on a 428', async () => {
    const { store } = storeAnswering(400, v3Site('CATALOG_V3_CALLING_CATALOG_V1_API'));
    const error = await failure(store.products.get('p1'));
    expect(error).toMatchObject({ name: 'StoreApplicationError', retryable: false });
    store.dispose();
  });

  it('never quotes the token, even when the server echoes it', async () => {
    const { store } = storeAnswering(428, {
      message: `wrong catalog for ${TOKEN}`,
      details: {
        applicationError: { code: 'CATALOG_V3_CALLING_CATALOG_V1_API', description: TOKEN },
      },
    });
    const error = await failure(store.products.get('p1'));
    expect(isCatalogVersionError(error)).toBe(true);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect((error as Error).message).not.toContain(TOKEN);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'CatalogVersionError',
      storeCatalog: 'v3',
    });
    store.dispose();
  });

  it('its guards hold for an error from another copy of the SDK, which has the same name', () => {
    const foreign = Object.assign(new Error('x'), { name: 'CatalogVersionError', code: 'C' });
    expect(isCatalogVersionError(foreign)).toBe(true);
    expect(isStoreApplicationError(foreign)).toBe(true);
    expect(isStoreApiError(foreign)).toBe(true);
    expect(isVitrineError(foreign)).toBe(true);
    expect(isCatalogVersionError(new Error('CatalogVersionError'))).toBe(false);
    expect(isCatalogVersionError({ name: 'CatalogVersionError' })).toBe(false);
  });

  it('can be made for a store without the Stores app', () => {
    const error = new CatalogVersionError({
      message: 'This store has no Stores app, so no catalog',
      status: undefined,
      code: StoreErrorCodes.STORES_NOT_INSTALLED,
      requestId: undefined,
      details: {},
      retryable: false,
      description: 'STORES_NOT_INSTALLED',
      data: {},
      storeCatalog: 'none',
    });
    expect(error).toMatchObject({ name: 'CatalogVersionError', storeCatalog: 'none' });
    expect(isCatalogVersionError(error)).toBe(true);
  });
});
