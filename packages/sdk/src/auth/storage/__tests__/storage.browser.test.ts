// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveStoreClientOptions } from '../../../client/options.js';
import { browserStorage } from '../browser.js';
import { cookieStorage } from '../cookie.js';

beforeEach(() => {
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storage in a browser', () => {
  describe('browserStorage (checklist H27)', () => {
    it('is the default in browsers, over localStorage', () => {
      const resolved = resolveStoreClientOptions({ clientId: 'c1' });
      resolved.auth.storage.setItem('vitrine:c1:x', 'v');
      expect(localStorage.getItem('vitrine:c1:x')).toBe('v');
      expect(resolved.auth.tabSync).toBe(true);
    });

    it('falls back to memory when localStorage refuses (quota)', () => {
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('full', 'QuotaExceededError');
      });
      const storage = browserStorage();
      storage.setItem('k', 'v');
      expect(storage.getItem('k')).toBe('v');
      storage.removeItem('k');
      expect(storage.getItem('k')).toBeNull();
    });

    it('falls back to memory when localStorage throws on access (SecurityError)', () => {
      const storage = browserStorage({
        get storage(): Storage {
          throw new DOMException('denied', 'SecurityError');
        },
      });
      storage.setItem('k', 'v');
      expect(storage.getItem('k')).toBe('v');
    });

    it('tells the client when another tab changes a key', () => {
      const storage = browserStorage();
      const heard = vi.fn();
      const stop = storage.watch!(heard);
      window.dispatchEvent(new StorageEvent('storage', { key: 'vitrine:c1:tokens' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'someone-else' }));
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
      expect(heard).toHaveBeenCalledTimes(2);
      stop();
      window.dispatchEvent(new StorageEvent('storage', { key: 'vitrine:c1:tokens' }));
      expect(heard).toHaveBeenCalledTimes(2);
    });
  });

  describe('cookieStorage over document.cookie', () => {
    it('writes and reads cookies without being given functions; no Secure on http pages', () => {
      const set = vi.spyOn(document, 'cookie', 'set');
      const storage = cookieStorage();
      storage.setItem('vitrine:c1:tokens', '{"a":1}');
      expect(set.mock.calls[0]![0]).toMatch(
        /^vitrine\.c1\.tokens=v1\.[\w-]+; Path=\/; Max-Age=2592000; Expires=.+; SameSite=Lax$/,
      );
      set.mockRestore();
      expect(storage.getItem('vitrine:c1:tokens')).toBe('{"a":1}');
      storage.removeItem('vitrine:c1:tokens');
      expect(storage.getItem('vitrine:c1:tokens')).toBeNull();
    });
  });
});
