import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePasswordResetRequested, takePasswordResetReturn } from '../lib/password-reset-return';

/** A `localStorage` of one browser, enough for the note. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('password-reset-return', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  describe('takePasswordResetReturn', () => {
    it('confirms one return after a reset link was asked for', () => {
      notePasswordResetRequested(1_000);
      expect(takePasswordResetReturn(2_000)).toBe(true);
      expect(takePasswordResetReturn(3_000)).toBe(false);
    });

    it('is false when no link was asked for in this browser', () => {
      expect(takePasswordResetReturn()).toBe(false);
    });

    it('is false once the emailed link has expired (one hour)', () => {
      notePasswordResetRequested(1_000);
      expect(takePasswordResetReturn(1_000 + 60 * 60 * 1000 + 1)).toBe(false);
    });
  });
});
