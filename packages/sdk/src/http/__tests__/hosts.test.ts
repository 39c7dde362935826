import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS, createHostRouter } from '../hosts.js';

describe('hosts', () => {
  describe('createHostRouter', () => {
    const route = createHostRouter(DEFAULT_HOSTS);

    it('sends GETs to the read-only host', () => {
      expect(route('GET', '/stores-reader/v1/products/p1')).toBe('https://readonly.wixapis.com');
      expect(route('get', '/v2/collections/c1')).toBe('https://readonly.wixapis.com');
    });

    it('sends the current-cart GET to the API host', () => {
      expect(route('GET', '/ecom/v1/carts/current')).toBe('https://www.wixapis.com');
      expect(route('GET', '/ecom/v1/carts/current?x=1')).toBe('https://www.wixapis.com');
    });

    it('does not mistake a longer path for the current cart', () => {
      expect(route('GET', '/ecom/v1/carts/currently')).toBe('https://readonly.wixapis.com');
      expect(route('GET', '/ecom/v1/carts/c1')).toBe('https://readonly.wixapis.com');
    });

    // The official client (1.21) sends no Catalog V3 or Categories call to the read-only host.
    it('sends the GETs of Catalog V3 and Categories to the API host', () => {
      for (const path of [
        '/stores/v3/products/p1?productId=p1',
        '/stores/v3/products/query?.r=e30',
        '/stores/v3/inventory-items/i1',
        '/stores/v3/all-products-category',
        '/categories/v1/categories/c1?categoryId=c1',
        '/categories/v1/categories/c1/list-items',
      ]) {
        expect(route('GET', path)).toBe('https://www.wixapis.com');
      }
    });

    it('keeps the other catalog GETs on the read-only host', () => {
      expect(route('GET', '/stores/v1/products/p1')).toBe('https://readonly.wixapis.com');
      expect(route('GET', '/stores/v3')).toBe('https://readonly.wixapis.com');
      expect(route('GET', '/stores-reader/v3/products')).toBe('https://readonly.wixapis.com');
      expect(route('GET', '/categoriesx/v1')).toBe('https://readonly.wixapis.com');
    });

    it.each(['POST', 'PATCH', 'PUT', 'DELETE'])('sends %s to the API host', (method) => {
      expect(route(method, '/stores-reader/v1/products/query-platformized')).toBe(
        'https://www.wixapis.com',
      );
    });

    it('routes to custom hosts', () => {
      const custom = createHostRouter({ api: 'http://api.test', readOnly: 'http://ro.test' });
      expect(custom('GET', '/v2/collections/c1')).toBe('http://ro.test');
      expect(custom('POST', '/oauth2/token')).toBe('http://api.test');
    });
  });
});
