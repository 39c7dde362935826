import { describe, expect, it } from 'vitest';
import {
  MAX_GET_QUERY_LENGTH,
  decodeBase64Url,
  encodeBase64Url,
  planQueryRequest,
} from '../query-encoding.js';

describe('query-encoding', () => {
  describe('encodeBase64Url', () => {
    it('encodes the example of platform-wire.md without padding', () => {
      const body = '{"query":{"filter":{"name":"Shirt"},"paging":{"offset":0,"limit":10}}}';
      const encoded = encodeBase64Url(body);
      expect(encoded).toBe(Buffer.from(body).toString('base64url'));
      expect(encoded.startsWith('eyJxdWVyeSI6')).toBe(true);
      expect(encoded).not.toMatch(/[=+/]/);
    });

    it('round-trips non-ASCII text', () => {
      const text = JSON.stringify({ name: 'Crème brûlée ☕ 商品 🛒' });
      expect(encodeBase64Url(text)).toBe(Buffer.from(text).toString('base64url'));
      expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
    });

    it('encodes bodies larger than one chunk', () => {
      const text = 'x'.repeat(100_000) + 'é';
      expect(encodeBase64Url(text)).toBe(Buffer.from(text).toString('base64url'));
    });
  });

  describe('planQueryRequest', () => {
    it('plans a GET carrying the body in .r', () => {
      const plan = planQueryRequest({ query: { paging: { limit: 50, offset: 0 } } });
      expect(plan.method).toBe('GET');
      if (plan.method !== 'GET') return;
      expect(JSON.parse(decodeBase64Url(plan.encoded))).toEqual({
        query: { paging: { limit: 50, offset: 0 } },
      });
    });

    // Builds a body whose `.r=` search string is exactly `length` characters long.
    function bodyWithSearchLength(length: number): { query: { filter: { name: string } } } {
      for (let size = 2900; size < 3100; size++) {
        const body = { query: { filter: { name: 'a'.repeat(size) } } };
        const searchLength = 3 + encodeBase64Url(JSON.stringify(body)).length;
        if (searchLength === length) return body;
      }
      throw new Error(`no body gives a search of length ${length}`);
    }

    // Unpadded base64 is never 1 more than a multiple of 4 long, so `.r=` + 3997 characters
    // (a search of exactly 4000) cannot occur: 3999 is the longest GET, 4001 the shortest POST.
    it('keeps a GET up to 4000 characters and switches to POST past them', () => {
      expect(MAX_GET_QUERY_LENGTH).toBe(4000);
      const longestGet = bodyWithSearchLength(3999);
      const shortestPost = bodyWithSearchLength(4001);
      expect(planQueryRequest(longestGet).method).toBe('GET');
      expect(planQueryRequest(shortestPost)).toEqual({
        method: 'POST',
        json: JSON.stringify(shortestPost),
      });
    });

    it('compares the whole search string, .r= included, with the limit', () => {
      const body = bodyWithSearchLength(4001);
      expect(planQueryRequest(body, 4001).method).toBe('GET');
      expect(planQueryRequest(body, 4000).method).toBe('POST');
    });
  });
});
