import { describe, expect, it } from 'vitest';
import { withShopperHint } from '../shopper-hint-html.js';

const PAGE =
  '<!DOCTYPE html><html lang="en"><body><a class="cart-button" href="/cart">Cart ' +
  '<span class="cart-button__count" data-vitrine-cart-count="">0</span>' +
  '<span class="visually-hidden" data-vitrine-cart-unit=""> items</span></a>' +
  '<p>0 items elsewhere stay</p></body></html>';

describe('no-script/shopper-hint-html', () => {
  describe('withShopperHint', () => {
    it("puts the hint's count, unit and role in the page, and nothing else", () => {
      const hint = { itemCount: 1, role: 'member', identity: 'a', clientId: 'b' } as const;
      expect(withShopperHint(PAGE, hint)).toBe(
        '<!DOCTYPE html><html data-vitrine-role="member" lang="en"><body><a class="cart-button" href="/cart">Cart ' +
          '<span class="cart-button__count" data-vitrine-cart-count="">1</span>' +
          '<span class="visually-hidden" data-vitrine-cart-unit=""> item</span></a>' +
          '<p>0 items elsewhere stay</p></body></html>',
      );
    });

    it('leaves the page as it is without a hint', () => {
      expect(withShopperHint(PAGE, undefined)).toBe(PAGE);
    });
  });
});
