import { describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { DEFAULT_TIMEOUT, resolveStoreClientOptions, type StoreClientOptions } from '../options.js';

describe('options', () => {
  describe('resolveStoreClientOptions', () => {
    it('fills in every default once', () => {
      const resolved = resolveStoreClientOptions({ clientId: 'c1' });
      expect(resolved.http.hosts).toEqual({
        api: 'https://www.wixapis.com',
        readOnly: 'https://readonly.wixapis.com',
      });
      expect(resolved.http.timeout).toBe(DEFAULT_TIMEOUT);
      expect(resolved.http.retry).toEqual({
        limit: 2,
        statusCodes: [429, 502, 503, 504],
        backoffLimit: 10_000,
        maxRetryAfter: 60_000,
      });
      expect(resolved.http.hooks).toEqual({
        beforeRequest: [],
        afterResponse: [],
        beforeError: [],
      });
      expect(typeof resolved.http.fetch).toBe('function');
    });

    it('lets baseUrl replace both hosts and normalises origins', () => {
      expect(
        resolveStoreClientOptions({ clientId: 'c', baseUrl: 'http://127.0.0.1:4010/' }).http.hosts,
      ).toEqual({
        api: 'http://127.0.0.1:4010',
        readOnly: 'http://127.0.0.1:4010',
      });
      expect(
        resolveStoreClientOptions({ clientId: 'c', hosts: { readOnly: 'https://cdn.example' } })
          .http.hosts,
      ).toEqual({ api: 'https://www.wixapis.com', readOnly: 'https://cdn.example' });
    });

    it('gives each layer its own slice', () => {
      const resolved = resolveStoreClientOptions({
        clientId: 'c',
        baseUrl: 'http://127.0.0.1:4010',
        timeout: 20_000,
        tabSync: true,
      });
      expect(Object.keys(resolved).sort()).toEqual([
        'auth',
        'cart',
        'catalog',
        'clientId',
        'http',
        'tabSync',
      ]);
      expect(resolved.auth).toMatchObject({
        clientId: 'c',
        apiOrigin: 'http://127.0.0.1:4010',
        tabSync: true,
        lockTimeout: 40_000,
        loginPageOrigins: ['http://127.0.0.1:4010'],
      });
      expect(resolved.http).not.toHaveProperty('storage');
      expect(resolved.auth).not.toHaveProperty('hooks');
    });

    it('takes a number as the retry limit', () => {
      expect(resolveStoreClientOptions({ clientId: 'c', retry: 0 }).http.retry.limit).toBe(0);
    });

    it.each<[string, StoreClientOptions, string]>([
      ['no client id', { clientId: '' }, 'options.clientId'],
      ['a non-string client id', { clientId: 7 as unknown as string }, 'options.clientId'],
      ['a base URL with a path', { clientId: 'c', baseUrl: 'http://h/api' }, 'options.baseUrl'],
      [
        'a base URL that is not a URL',
        { clientId: 'c', baseUrl: 'localhost:4010' },
        'options.baseUrl',
      ],
      [
        'a javascript: host',
        { clientId: 'c', hosts: { api: 'javascript:alert(1)' } },
        'options.hosts.api',
      ],
      ['a zero timeout', { clientId: 'c', timeout: 0 }, 'options.timeout'],
      ['a negative retry limit', { clientId: 'c', retry: -1 }, 'options.retry.limit'],
    ])('refuses %s, naming the option', (_label, options, argument) => {
      let thrown: unknown;
      try {
        resolveStoreClientOptions(options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(StoreArgumentError);
      expect((thrown as StoreArgumentError).argument).toBe(argument);
    });
  });
});
