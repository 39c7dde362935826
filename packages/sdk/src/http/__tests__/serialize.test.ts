import { describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { serializeBody } from '../serialize.js';

describe('serialize', () => {
  describe('serializeBody', () => {
    it('sends dates as ISO strings, at any depth', () => {
      const when = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
      expect(JSON.parse(serializeBody({ a: when, list: [{ b: when }] }))).toEqual({
        a: '2026-11-22T10:00:00.000Z',
        list: [{ b: '2026-11-22T10:00:00.000Z' }],
      });
    });

    it('sends non-finite and unsafe numbers as strings, ordinary numbers as numbers', () => {
      const body = {
        price: 10.5,
        safe: Number.MAX_SAFE_INTEGER,
        big: 2 ** 60,
        huge: 1e300,
        nan: Number.NaN,
        inf: Number.POSITIVE_INFINITY,
        negInf: Number.NEGATIVE_INFINITY,
        bigint: 12345678901234567890n,
      };
      expect(JSON.parse(serializeBody(body))).toEqual({
        price: 10.5,
        safe: Number.MAX_SAFE_INTEGER,
        big: '1152921504606846976',
        huge: BigInt(1e300).toString(),
        nan: 'NaN',
        inf: 'Infinity',
        negInf: '-Infinity',
        bigint: '12345678901234567890',
      });
    });

    it('leaves out undefined fields and keeps nulls', () => {
      expect(serializeBody({ a: undefined, b: null, c: [undefined] })).toBe(
        '{"b":null,"c":[null]}',
      );
    });

    it('keeps a field named __proto__ as data, not as a prototype', () => {
      const body = JSON.parse('{"__proto__":{"polluted":true}}') as object;
      expect(serializeBody(body)).toBe('{"__proto__":{"polluted":true}}');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('names the path of an invalid Date', () => {
      expect(() => serializeBody({ items: [{ when: new Date('nope') }] })).toThrow(
        new StoreArgumentError('body.items[0].when', 'is an invalid Date'),
      );
    });

    it('refuses circular references and functions with a typed error', () => {
      const loop: Record<string, unknown> = {};
      loop.self = loop;
      expect(() => serializeBody(loop)).toThrow(StoreArgumentError);
      expect(() => serializeBody({ f: () => 1 })).toThrow(/body\.f/);
    });

    it('allows the same object twice when it is not a cycle', () => {
      const shared = { x: 1 };
      expect(serializeBody({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    });
  });
});
