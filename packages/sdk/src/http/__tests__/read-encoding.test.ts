import { describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { decodeBase64Url } from '../query-encoding.js';
import { planRead, readCall, toSearchParams, withSearch } from '../read-encoding.js';

const entries = (params: URLSearchParams) => [...params.entries()];
const decodedR = (params: URLSearchParams) =>
  JSON.parse(decodeBase64Url(params.get('.r') ?? '')) as unknown;

describe('read-encoding', () => {
  describe('toSearchParams (flat)', () => {
    it('repeats the path parameter, repeats arrays and keeps the order of the payload', () => {
      const params = toSearchParams({ productId: 'p1', fields: ['URL', 'CURRENCY'] });
      expect(params.toString()).toBe('productId=p1&fields=URL&fields=CURRENCY');
    });

    it('writes nested fields as dotted names, escaping their values', () => {
      const params = toSearchParams({
        categoryId: 'c1',
        treeReference: { appNamespace: '@wix/stores' },
        cursorPaging: { limit: 10, cursor: 'a b' },
        useCategoryArrangement: true,
      });
      expect(params.toString()).toBe(
        'categoryId=c1&treeReference.appNamespace=%40wix%2Fstores&cursorPaging.limit=10&cursorPaging.cursor=a+b&useCategoryArrangement=true',
      );
    });

    it('leaves out null, undefined, empty objects and the objects inside arrays', () => {
      const params = toSearchParams({
        a: null,
        b: undefined,
        c: {},
        items: [{ catalogItemId: 'p1' }, 'kept', null],
        d: false,
      });
      expect(entries(params)).toEqual([
        ['items', 'kept'],
        ['d', 'false'],
      ]);
    });

    it('writes dates as ISO strings', () => {
      const params = toSearchParams({ since: new Date('2026-01-02T03:04:05.000Z') });
      expect(params.get('since')).toBe('2026-01-02T03:04:05.000Z');
    });

    it('is empty for an empty payload', () => {
      expect(toSearchParams({}).toString()).toBe('');
      expect(toSearchParams({ query: {} }, true).toString()).toBe('');
    });

    it('refuses what cannot be sent as JSON, naming it', () => {
      expect(() => toSearchParams({ fields: [() => 1] })).toThrow(StoreArgumentError);
    });
  });

  describe('toSearchParams (complex)', () => {
    it('sends a payload with a nested field whole as .r', () => {
      const payload = { query: { filter: { slug: 'tee' }, cursorPaging: { limit: 50 } } };
      const params = toSearchParams(payload, true);
      expect([...params.keys()]).toEqual(['.r']);
      expect(decodedR(params)).toEqual(payload);
      expect(params.get('.r')).toBe(Buffer.from(JSON.stringify(payload)).toString('base64url'));
    });

    it('sends a payload with an array of objects as .r', () => {
      const payload = { items: [{ id: 'a' }] };
      expect(decodedR(toSearchParams(payload, true))).toEqual(payload);
    });

    it('keeps a payload that is flat as flat parameters', () => {
      expect(toSearchParams({ fields: ['URL', 'CURRENCY'] }, true).toString()).toBe(
        'fields=URL&fields=CURRENCY',
      );
      expect(toSearchParams({ returnNonVisibleProducts: true }, true).toString()).toBe(
        'returnNonVisibleProducts=true',
      );
    });
  });

  describe('planRead', () => {
    const longFilter = (count: number) => ({
      query: { filter: { id: { $in: Array.from({ length: count }, (_, i) => `product-${i}`) } } },
    });

    it('plans a GET up to 4000 characters of parameters and a POST past them', () => {
      const lengthOf = (count: number) => toSearchParams(longFilter(count), true).toString().length;
      let count = 1;
      while (lengthOf(count + 1) <= 4000) count += 1;
      expect(lengthOf(count)).toBeLessThanOrEqual(4000);
      expect(lengthOf(count + 1)).toBeGreaterThan(4000);
      const fallback = { complex: true, fallback: true };
      expect(planRead(longFilter(count), fallback).method).toBe('GET');
      expect(planRead(longFilter(count + 1), fallback)).toEqual({
        method: 'POST',
        json: JSON.stringify(longFilter(count + 1)),
      });
    });

    it('never falls back for a read without a fallback', () => {
      const plan = planRead({ productId: 'p', fields: Array(1000).fill('URL') });
      expect(plan.method).toBe('GET');
    });

    it('falls back for long flat parameters too', () => {
      const payload = { categoryId: 'c', cursorPaging: { cursor: 'x'.repeat(4000) } };
      expect(planRead(payload, { fallback: true }).method).toBe('POST');
    });
  });

  describe('readCall', () => {
    it('puts the parameters on the path of a GET, and none when empty', () => {
      expect(readCall('/stores/v3/products/p1', { productId: 'p1' })).toEqual({
        method: 'GET',
        path: '/stores/v3/products/p1?productId=p1',
      });
      expect(readCall('/stores/v3/products/query', { query: {} }, { complex: true })).toEqual({
        method: 'GET',
        path: '/stores/v3/products/query',
      });
    });

    it('sends the fallback as a retried POST of the payload to the same path', () => {
      const payload = { filter: { id: { $in: Array(600).fill('product') } } };
      expect(
        readCall('/stores/v3/products/count', payload, { complex: true, fallback: true }),
      ).toEqual({ method: 'POST', path: '/stores/v3/products/count', body: payload, retry: true });
    });
  });

  describe('withSearch', () => {
    it('appends a query string only when there is one', () => {
      expect(withSearch('/a', '')).toBe('/a');
      expect(withSearch('/a', new URLSearchParams({ b: 'c d' }))).toBe('/a?b=c+d');
    });
  });
});
