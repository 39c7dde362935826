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
