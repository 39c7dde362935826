import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreClientError } from '../errors/client-error.js';

// nock 14 intercepts Node's own fetch, so these tests use the client exactly as an app on Node
// would: no injected fetch, the platform's default hosts.
const TOKEN = 'at_nock-token-4f2a';
const tokens = {
  accessToken: { value: TOKEN, expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_nock', role: 'visitor' as const },
};

describe('transport over nock', () => {
  beforeAll(() => {
    nock.disableNetConnect();
  });
  afterEach(() => {
    nock.cleanAll();
  });
  afterAll(() => {
    nock.enableNetConnect();
  });

  describe('store.fetch', () => {
    it('sends a GET to the read-only host with the raw token', async () => {
      const scope = nock('https://readonly.wixapis.com', { reqheaders: { authorization: TOKEN } })
        .get('/stores-reader/v1/products/p1')
        .reply(200, { product: { id: 'p1' } });
      const store = createStoreClient({ clientId: 'c', tokens });
      const response = await store.fetch('/stores-reader/v1/products/p1');
      expect(await response.json()).toEqual({ product: { id: 'p1' } });
      scope.done();
    });

    it('sends the current-cart GET and every write to the API host', async () => {
      const scope = nock('https://www.wixapis.com')
        .get('/ecom/v1/carts/current')
        .reply(200, { cart: {} })
        .post('/ecom/v1/carts/current/remove-coupon', {})
        .reply(200, { cart: {} });
      const store = createStoreClient({ clientId: 'c', tokens });
      await store.fetch('/ecom/v1/carts/current');
      await store.fetch('/ecom/v1/carts/current/remove-coupon', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      scope.done();
    });

    it('maps an error answer with its request id', async () => {
      nock('https://readonly.wixapis.com')
        .get('/stores-reader/v1/products/missing')
        .reply(404, { message: 'Product not found' }, { 'x-wix-request-id': 'nock-req-1' });
      const store = createStoreClient({ clientId: 'c', tokens, retry: 0 });
      const error = await store
        .fetch('/stores-reader/v1/products/missing')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreClientError);
      expect(error).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        requestId: 'nock-req-1',
        message: 'Product not found',
      });
    });

    it('retries a 503 once it clears', async () => {
      const scope = nock('https://readonly.wixapis.com')
        .get('/v2/collections/c1')
        .reply(503, {}, { 'retry-after': '0' })
        .get('/v2/collections/c1')
        .reply(200, { collection: { id: 'c1' } });
      const store = createStoreClient({ clientId: 'c', tokens });
      const response = await store.fetch('/v2/collections/c1');
      expect(await response.json()).toEqual({ collection: { id: 'c1' } });
      scope.done();
    });
  });

  describe('store.graphql', () => {
    it('posts the query and variables to /graphql/{apiVersion}', async () => {
      const scope = nock('https://www.wixapis.com', { reqheaders: { authorization: TOKEN } })
        .post('/graphql/alpha', {
          query: 'query P($id: ID!) { product(id: $id) { name } }',
          variables: { id: 'p1' },
        })
        .reply(200, { data: { product: { name: 'Shirt' } } })
        .post('/graphql/v2', { query: '{ x }' })
        .reply(200, { data: null, errors: [{ message: 'no x' }] });
      const store = createStoreClient({ clientId: 'c', tokens });
      await expect(
        store.graphql('query P($id: ID!) { product(id: $id) { name } }', { id: 'p1' }),
      ).resolves.toEqual({ data: { product: { name: 'Shirt' } } });
      await expect(store.graphql('{ x }', undefined, { apiVersion: 'v2' })).resolves.toEqual({
        data: null,
        errors: [{ message: 'no x' }],
      });
      scope.done();
    });
  });
});
