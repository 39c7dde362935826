/**
 * The shop's own address: where the store's hosted pages return and every redirect goes. Never
 * a host a request's header names unless the shop lists it; required in production.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readShopAddress, readStoreConfig, shopOrigin } from '../store-config.js';
import { createVitrineProxy } from '../../proxy/index.js';

const BASE = { VITRINE_CLIENT_ID: 'c1' };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('server/store-config', () => {
  describe('readShopAddress', () => {
    // Issue 36: with VITRINE_SITE_URL unset, `X-Forwarded-Host: evil.example` chose the
    // address of the sign-in's return.
    it('refuses a production server with neither VITRINE_SITE_URL nor VITRINE_ALLOWED_HOSTS', () => {
      expect(() => readShopAddress({ NODE_ENV: 'production' })).toThrow(
        expect.objectContaining({
          name: 'StoreArgumentError',
          argument: 'VITRINE_SITE_URL',
          message: expect.stringContaining('VITRINE_ALLOWED_HOSTS'),
        }),
      );
      expect(() => readStoreConfig({ ...BASE, NODE_ENV: 'production' })).toThrow(
        /VITRINE_SITE_URL/,
      );
      // `next build` redirects no one: one build runs anywhere.
      expect(
        readShopAddress({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }),
      ).toEqual({ siteUrl: undefined, allowedHosts: [] });
      expect(readShopAddress({ NODE_ENV: 'development' })).toEqual({
        siteUrl: undefined,
        allowedHosts: [],
      });
    });

    it('takes a site URL or a list of hosts (or origins), and refuses what is neither', () => {
      expect(
        readShopAddress({ NODE_ENV: 'production', VITRINE_SITE_URL: 'https://shop.example/' }),
      ).toEqual({ siteUrl: 'https://shop.example', allowedHosts: [] });
      expect(
        readShopAddress({
          NODE_ENV: 'production',
          VITRINE_ALLOWED_HOSTS: 'Shop.example, www.shop.example:8443 https://m.shop.example',
        }).allowedHosts,
      ).toEqual(['shop.example', 'www.shop.example:8443', 'm.shop.example']);
      for (const hosts of ['shop.example/path', 'user@shop.example', 'shop example!']) {
        expect(() => readShopAddress({ VITRINE_ALLOWED_HOSTS: hosts }), hosts).toThrow(
          expect.objectContaining({ argument: 'VITRINE_ALLOWED_HOSTS' }),
        );
      }
    });

    it('is checked when the proxy is made, as the production server starts', () => {
      vi.stubEnv('NODE_ENV', 'production');
      vi.stubEnv('VITRINE_SITE_URL', '');
      vi.stubEnv('VITRINE_ALLOWED_HOSTS', '');
      expect(() => createVitrineProxy()).toThrow(/VITRINE_SITE_URL/);
      vi.stubEnv('VITRINE_ALLOWED_HOSTS', 'shop.example');
      expect(() => createVitrineProxy()).not.toThrow();
    });
  });

  describe('shopOrigin', () => {
    const config = (env: Record<string, string> = {}) => readStoreConfig({ ...BASE, ...env });
    const origin = (env: Record<string, string>, headers: Record<string, string>) =>
      shopOrigin(config(env), new Headers(headers), 'http://localhost:3000/page');

    it('never takes a host of the request the shop does not list', () => {
      expect(origin({}, { 'x-forwarded-host': 'evil.example' })).toBe('http://localhost:3000');
      expect(origin({}, { host: 'evil.example' })).toBe('http://localhost:3000');
      expect(origin({}, { host: 'localhost.evil.example' })).toBe('http://localhost:3000');
      expect(origin({}, { host: '127.0.0.1:4000' })).toBe('http://127.0.0.1:4000');
      const listed = { VITRINE_ALLOWED_HOSTS: 'shop.example,www.shop.example' };
      expect(
        origin(listed, { 'x-forwarded-host': 'www.shop.example', 'x-forwarded-proto': 'https' }),
      ).toBe('https://www.shop.example');
      expect(origin(listed, { 'x-forwarded-host': 'evil.example' })).toBe('http://shop.example');
      expect(origin(listed, { host: 'localhost:3000' })).toBe('http://shop.example');
      expect(
        origin(
          { VITRINE_SITE_URL: 'https://shop.example' },
          { 'x-forwarded-host': 'evil.example' },
        ),
      ).toBe('https://shop.example');
    });
  });
});
