import { describe, expect, it, vi } from 'vitest';
import { StoreSystemError } from '../errors/system-error.js';
import { lazyFace, loadOnFirstUse, once, typedLoad } from '../load-on-first-use.js';

describe('load-on-first-use', () => {
  describe('once', () => {
    it('runs the load once and gives every caller its result', async () => {
      const load = vi.fn(async () => ({ loaded: true }));
      const get = once(load);
      const [a, b] = await Promise.all([get(), get()]);
      expect(await get()).toBe(a);
      expect(b).toBe(a);
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('tries again after a failed load (a chunk the network could not fetch)', async () => {
      const load = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValueOnce('chunk');
      const get = once(load);
      await expect(get()).rejects.toThrow('Failed to fetch dynamically imported module');
      await expect(get()).resolves.toBe('chunk');
      await expect(get()).resolves.toBe('chunk');
      expect(load).toHaveBeenCalledTimes(2);
    });
  });

  describe('lazyFace', () => {
    interface Api {
      add(a: number, b: number): Promise<number>;
      fail(): Promise<never>;
      pages(from: number): AsyncIterable<number>;
    }
    const body: Api = {
      add: async (a, b) => a + b,
      fail: () => Promise.reject(new Error('refused')),
      async *pages(from) {
        yield from;
        yield from + 1;
      },
    };
    const collect = async (pages: AsyncIterable<number>) => {
      const seen: number[] = [];
      for await (const page of pages) seen.push(page);
      return seen;
    };

    it('loads the body only when a method is called, then calls its method', async () => {
      const load = vi.fn(async () => body);
      const loadBody: () => Promise<Api> = once(load);
      const api = lazyFace(loadBody, ['add', 'fail'], ['pages']);
      expect(Object.keys(api)).toEqual(['add', 'fail', 'pages']);
      expect(load).not.toHaveBeenCalled();
      await expect(api.add(2, 3)).resolves.toBe(5);
      await expect(api.fail()).rejects.toThrow('refused');
      await expect(collect(api.pages(7))).resolves.toEqual([7, 8]);
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('calls the body’s method on the body, as its own method', async () => {
      const counter = {
        count: 0,
        async bump() {
          return ++this.count;
        },
      };
      const loadCounter = async (): Promise<Pick<typeof counter, 'bump'>> => counter;
      const api = lazyFace(loadCounter, ['bump']);
      await expect(api.bump()).resolves.toBe(1);
      expect(counter.count).toBe(1);
    });

    it('rejects the call, or the first page, when the body cannot be loaded', async () => {
      const api = lazyFace<Api, 'add' | 'fail', 'pages'>(
        () => Promise.reject(new TypeError('offline')),
        ['add', 'fail'],
        ['pages'],
      );
      await expect(api.add(1, 1)).rejects.toThrow('offline');
      const pages = api.pages(1)[Symbol.asyncIterator]();
      await expect(pages.next()).rejects.toThrow('offline');
    });
  });

  describe('typedLoad', () => {
    it('turns a failed chunk load into a retryable StoreSystemError keeping the cause', async () => {
      const failure = new TypeError('Failed to fetch dynamically imported module: /on-demand.js');
      const error = await typedLoad(() => Promise.reject(failure))().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreSystemError);
      expect(error).toMatchObject({ code: 'NETWORK_ERROR', retryable: true, cause: failure });
      await expect(typedLoad(() => Promise.resolve(7))()).resolves.toBe(7);
    });
  });

  describe('loadOnFirstUse', () => {
    it('loads once, turns a failed load into NETWORK_ERROR, and tries again after one', async () => {
      const load = vi
        .fn<() => Promise<{ feature: string }>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValue({ feature: 'writes' });
      const get = loadOnFirstUse(load);
      await expect(get()).rejects.toMatchObject({
        name: 'StoreSystemError',
        code: 'NETWORK_ERROR',
      });
      const first = await get();
      expect(await get()).toBe(first);
      expect(load).toHaveBeenCalledTimes(2);
    });
  });
});
