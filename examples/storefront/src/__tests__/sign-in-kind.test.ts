import { describe, expect, it } from 'vitest';
import { carryOverCouponNote, carryOverWelcome } from '../lib/sign-in-kind';

describe('sign-in-kind', () => {
  describe('carryOverWelcome', () => {
    it('counts units, not lines', () => {
      expect(carryOverWelcome('returning', [{ quantity: 3 }, { quantity: 1 }])).toBe(
        'Welcome back! We added the 4 items you picked before signing in to your cart.',
      );
      expect(carryOverWelcome('returning', [{ quantity: 1 }])).toBe(
        'Welcome back! We added the 1 item you picked before signing in to your cart.',
      );
    });

    it('welcomes a new account as new, not back', () => {
      expect(carryOverWelcome('new-account', [{ quantity: 3 }])).toBe(
        'Welcome! Your account is ready, and the 3 items you picked are in your cart.',
      );
      expect(carryOverWelcome('new-account', [{ quantity: 1 }])).toBe(
        'Welcome! Your account is ready, and the 1 item you picked is in your cart.',
      );
    });

    it('welcomes nobody back when it does not know how the sign-in began', () => {
      expect(carryOverWelcome(undefined, [{ quantity: 2 }])).toBe(
        'We added the 2 items you picked before signing in to your cart.',
      );
    });
  });

  describe('carryOverCouponNote', () => {
    it('says what became of the visitor coupon, and nothing without one', () => {
      expect(carryOverCouponNote(undefined)).toBeUndefined();
      expect(carryOverCouponNote({ code: 'WELCOME10', status: 'carried' })).toBe(
        'Your coupon WELCOME10 came along too.',
      );
      expect(carryOverCouponNote({ code: 'WELCOME10', status: 'kept', memberCode: 'SAVE5' })).toBe(
        "Your account's cart keeps its coupon SAVE5; a cart takes one coupon, so WELCOME10 was not added.",
      );
      expect(
        carryOverCouponNote({ code: 'WELCOME10', status: 'failed', error: new Error('no cart') }),
      ).toBe(
        "Your coupon WELCOME10 could not be added to your account's cart. You can try it again below.",
      );
    });
  });
});
