import { describe, expectTypeOf, it } from 'vitest';
import type {
  Cart,
  CartActions,
  CartStore,
  CreateCheckoutResult,
  EstimateTotalsResponse,
  LineItemQuantityUpdate,
} from '../../index.js';
import { storesLineItem } from '../catalog-reference.js';

// Type tests (checked by `tsc`, never run): what `store.cartStore` takes and answers, as apps
// call it. They pin the public types of the cart store's methods, whatever they are derived from.

declare const cart: CartStore;
const line = storesLineItem('p1', 1);

describe('cart store method types', () => {
  it('take the shapes of store.cart, and the first shapes still', () => {
    expectTypeOf(cart.addItems).toBeCallableWith({ lineItems: [line] });
    expectTypeOf(cart.addItems).toBeCallableWith({
      lineItems: [{ ...line, preview: { productName: { original: 'Shirt' } } }],
    });
    expectTypeOf(cart.addItems).toBeCallableWith([line]);
    expectTypeOf(cart.addItems).toBeCallableWith(line);
    expectTypeOf(cart.updateQuantities).toBeCallableWith([{ id: 'l1', quantity: 2 }]);
    expectTypeOf(cart.updateQuantities).toBeCallableWith({ lineItemId: 'l1', quantity: 2 });
    expectTypeOf(cart.updateQuantity).toBeCallableWith('l1', 2);
    expectTypeOf(cart.removeItems).toBeCallableWith(['l1']);
    expectTypeOf(cart.removeItems).toBeCallableWith('l1');
    expectTypeOf(cart.update).toBeCallableWith({ couponCode: 'SAVE10' });
    expectTypeOf(cart.applyCoupon).toBeCallableWith('SAVE10');
    expectTypeOf(cart.estimateTotals).toBeCallableWith();
    expectTypeOf(cart.estimateTotals).toBeCallableWith({ shippingAddress: { country: 'US' } });
    expectTypeOf(cart.createCheckout).toBeCallableWith();
    expectTypeOf(cart.createCheckout).toBeCallableWith({ channelType: 'WEB' });
    expectTypeOf(cart.checkout).toBeCallableWith({ channelType: 'WEB' });
    expectTypeOf(cart.load).toBeCallableWith();
    expectTypeOf(cart.removeCoupon).toBeCallableWith();
    expectTypeOf(cart.delete).toBeCallableWith();
    expectTypeOf(cart.clear).toBeCallableWith();
  });

  it('refuse what could never be a cart change', () => {
    // @ts-expect-error a product id alone is not a line
    void cart.addItems('p1');
    // @ts-expect-error quantities are a list of { id, quantity }
    void cart.updateQuantities([{ lineItemId: 'l1' }]);
    // @ts-expect-error ids are strings
    void cart.removeItems([1]);
    // @ts-expect-error a coupon is a code
    void cart.applyCoupon({ code: 'SAVE10' });
  });

  it('answer with the platform’s cart, or what the call returns', () => {
    expectTypeOf(cart.load).returns.toEqualTypeOf<Promise<Cart | null>>();
    expectTypeOf(cart.addItems).returns.toEqualTypeOf<Promise<Cart>>();
    expectTypeOf(cart.updateQuantities).returns.toEqualTypeOf<Promise<Cart | null>>();
    expectTypeOf(cart.updateQuantity).returns.toEqualTypeOf<Promise<Cart | null>>();
    expectTypeOf(cart.removeItems).returns.toEqualTypeOf<Promise<Cart | null>>();
    expectTypeOf(cart.update).returns.toEqualTypeOf<Promise<Cart>>();
    expectTypeOf(cart.applyCoupon).returns.toEqualTypeOf<Promise<Cart>>();
    expectTypeOf(cart.removeCoupon).returns.toEqualTypeOf<Promise<Cart | null>>();
    expectTypeOf(cart.estimateTotals).returns.toEqualTypeOf<Promise<EstimateTotalsResponse>>();
    expectTypeOf(cart.createCheckout).returns.toEqualTypeOf<Promise<CreateCheckoutResult>>();
    expectTypeOf(cart.checkout).returns.toEqualTypeOf<Promise<CreateCheckoutResult>>();
    expectTypeOf(cart.delete).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(cart.clear).returns.toEqualTypeOf<Promise<void>>();
  });

  it('are every method of CartActions', () => {
    expectTypeOf<CartStore>().toMatchTypeOf<CartActions>();
    expectTypeOf<keyof CartActions>().toEqualTypeOf<
      | 'load'
      | 'addItems'
      | 'updateQuantities'
      | 'updateQuantity'
      | 'removeItems'
      | 'update'
      | 'applyCoupon'
      | 'removeCoupon'
      | 'estimateTotals'
      | 'createCheckout'
      | 'checkout'
      | 'delete'
      | 'clear'
    >();
    expectTypeOf<Parameters<CartActions['updateQuantity']>>().toEqualTypeOf<
      [lineItemId: string, quantity: number]
    >();
    expectTypeOf<LineItemQuantityUpdate>().toEqualTypeOf<{ id: string; quantity: number }>();
  });
});
