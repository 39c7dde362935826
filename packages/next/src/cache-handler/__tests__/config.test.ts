/**
 * The one setting: `REDIS_URL` turns the shared cache on (next.config's `cacheHandlers` names the
 * handler, which runs on Redis); without it the shop keeps Next.js's in-memory cache, even where a
 * build's config still names the handler.
 */
import { isStoreArgumentError } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { vitrineCacheHandlers } from '../config.js';
import { cacheHandlerFromEnv } from '../from-env.js';
import { readCacheEnv, resolveCacheOptions } from '../options.js';
import { entry, textOf } from './helpers.js';

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('vitrineCacheHandlers', () => {
  it('names nothing without REDIS_URL (Next.js keeps its in-memory cache)', () => {
    expect(vitrineCacheHandlers({})).toEqual({});
    expect(vitrineCacheHandlers({ REDIS_URL: '  ' })).toEqual({});
  });

  it("names this package's handler for 'use cache' and 'use cache: remote' with REDIS_URL", () => {
    const handlers = vitrineCacheHandlers({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(handlers.default).toMatch(/[/\\]cache-handler[/\\]handler\.js$/);
    expect(handlers.remote).toBe(handlers.default);
  });

  it('refuses an unusable REDIS_URL, naming it and not repeating it', () => {
    const error = errorOf(() => vitrineCacheHandlers({ REDIS_URL: 'http://:pw-canary@host' }));
    expect(isStoreArgumentError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid argument "REDIS_URL": must be a redis:// or rediss:// URL',
    );
  });
});

describe('readCacheEnv', () => {
  it('reads the prefix from VITRINE_CACHE_PREFIX, else the client id', () => {
    const url = 'redis://cache:6379';
    expect(readCacheEnv({ REDIS_URL: url, VITRINE_CLIENT_ID: 'shop-1' })).toEqual({
      url,
      prefix: 'vitrine:shop-1:',
    });
    expect(
      readCacheEnv({ REDIS_URL: url, VITRINE_CLIENT_ID: 'shop-1', VITRINE_CACHE_PREFIX: 'eu:' }),
    ).toEqual({ url, prefix: 'eu:' });
    expect(readCacheEnv({ REDIS_URL: url })).toEqual({ url, prefix: 'vitrine:default:' });
  });

  it('reads the bound and the size limit', () => {
    expect(
      readCacheEnv({
        REDIS_URL: 'rediss://cache:6380',
        VITRINE_CACHE_TIMEOUT_MS: '25',
        VITRINE_CACHE_MAX_ENTRY_BYTES: '1048576',
      }),
    ).toEqual({
      url: 'rediss://cache:6380',
      prefix: 'vitrine:default:',
      timeoutMs: 25,
      maxEntryBytes: 1048576,
    });
    const error = errorOf(() =>
      readCacheEnv({ REDIS_URL: 'redis://cache', VITRINE_CACHE_TIMEOUT_MS: 'soon' }),
    );
    expect((error as Error).message).toBe(
      'Invalid argument "VITRINE_CACHE_TIMEOUT_MS": must be a positive number',
    );
  });
});

describe('resolveCacheOptions', () => {
  it('fills in the defaults and says where Redis is without its password', () => {
    const resolved = resolveCacheOptions({ url: 'redis://user:pw-canary@cache.internal' });
    expect(resolved).toMatchObject({
      where: 'cache.internal:6379',
      prefix: 'vitrine:default:',
      timeoutMs: 50,
      writeTimeoutMs: 1000,
      maxEntryBytes: 2 * 1024 * 1024,
      maxReconnectDelayMs: 2000,
    });
  });

  it('refuses a bound that is not a positive number', () => {
    const error = errorOf(() => resolveCacheOptions({ url: 'redis://cache', timeoutMs: 0 }));
    expect((error as Error).message).toBe(
      'Invalid argument "timeoutMs": must be a positive number',
    );
  });
});

describe('cacheHandlerFromEnv', () => {
  it("is Next.js's in-memory handler without REDIS_URL", async () => {
    const handler = cacheHandlerFromEnv({});
    const before = Date.now() - 1000;
    await handler.set('k', Promise.resolve(entry('in memory', { tags: ['t'], timestamp: before })));
    expect(await textOf(await handler.get('k', []))).toBe('in memory');
    await handler.updateTags(['t']);
    // Next.js rounds the expiration to the millisecond: it may lie half a millisecond ahead.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await handler.get('k', [])).toBeUndefined();
    expect(await handler.getExpiration(['t'])).toBeGreaterThan(before);
  });
});
