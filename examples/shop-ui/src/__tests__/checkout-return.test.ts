import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPlacedOrderReturn, rememberCheckout } from '../lib/checkout-return';

/** A tab's `sessionStorage`, in memory. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('checkout-return', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: memoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('isPlacedOrderReturn', () => {
    const NOW = 1_800_000_000_000;
    const back = 'http://127.0.0.1:4173/callback?orderId=o-1';

    it("is the hosted checkout's return with its order, to the tab that left for it", () => {
      rememberCheckout({ lines: [], totals: [], startedAt: NOW - 60_000 });
      expect(isPlacedOrderReturn(back, NOW)).toBe(true);
    });

    it('is not a return without an order, elsewhere, or to a tab that did not check out', () => {
      expect(isPlacedOrderReturn(back, NOW)).toBe(false);
      rememberCheckout({ lines: [], totals: [], startedAt: NOW - 60_000 });
      expect(isPlacedOrderReturn('http://127.0.0.1:4173/callback', NOW)).toBe(false);
      expect(isPlacedOrderReturn('http://127.0.0.1:4173/callback?orderId=', NOW)).toBe(false);
      expect(isPlacedOrderReturn('http://127.0.0.1:4173/cart?orderId=o-1', NOW)).toBe(false);
    });

    it('is not a return hours after the checkout began', () => {
      rememberCheckout({ lines: [], totals: [], startedAt: NOW - 2 * 60 * 60 * 1000 });
      expect(isPlacedOrderReturn(back, NOW)).toBe(false);
    });
  });
});
