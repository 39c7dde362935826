// The cart engine's reducer on its own: a pure function from a state and an action to the next
// state, and the snapshot a UI sees derived from that state and the changes still queued.
import { describe, expect, it } from 'vitest';
import type { Cart, LineItem } from '../../../models/cart.js';
import { storesCatalogReference } from '../../catalog-reference.js';
import {
  INITIAL_ENGINE_STATE,
  lineIdOf,
  reduceCart,
  toCartState,
  viewOf,
} from '../cart-reducer.js';
import { addLines, setQuantity } from '../optimistic.js';
import type { CartAction, CartChange, EngineState } from '../types.js';

const line = (id: string, productId: string, quantity: number): LineItem => ({
  id,
  quantity,
  catalogReference: storesCatalogReference(productId),
});
const cart = (...lineItems: LineItem[]): Cart => ({ id: 'cart-1', lineItems });

/** A change as the table makes them; `run` is never called by the reducer. */
function change(fields: Partial<CartChange> = {}): CartChange {
  return {
    operation: 'updateQuantities',
    lineIds: [],
    coupon: false,
    changesCart: true,
    run: () => Promise.reject(new Error('the reducer never sends')),
    ...fields,
  };
}

/** Runs actions from a state, checking on the way that none changed the state it was given. */
function reduce(state: EngineState, ...actions: CartAction[]): EngineState {
  return actions.reduce((current, action) => {
    const before = structuredClone(current);
    const next = reduceCart(current, action);
    expect(current).toEqual(before);
    return next;
  }, state);
}

const ready = (confirmed: Cart | null): EngineState =>
  reduce(INITIAL_ENGINE_STATE, { type: 'hydrated', cart: confirmed });

describe('cart-reducer', () => {
  describe('queued', () => {
    it('shows loading while a read waits for a cart not known yet, and only then', () => {
      const read = change({ operation: 'load', read: true, changesCart: false });
      expect(reduce(INITIAL_ENGINE_STATE, { type: 'queued', change: read }).status).toBe('loading');
      expect(reduce(ready(null), { type: 'queued', change: read }).status).toBe('ready');
      expect(reduce(INITIAL_ENGINE_STATE, { type: 'queued', change: change() }).status).toBe(
        'idle',
      );
    });

    it('clears the errors of the lines and coupon a new change is about', () => {
      const error = new Error('refused');
      let state = reduce(
        ready(cart(line('l1', 'p1', 1))),
        { type: 'failed', change: change({ lineIds: ['l1'] }), error },
        { type: 'failed', change: change({ coupon: true, operation: 'update' }), error },
      );
      expect(state.lineErrors.get('l1')).toBe(error);
      expect(state.couponError).toBe(error);
      state = reduce(state, { type: 'queued', change: change({ lineIds: ['l1'], coupon: true }) });
      expect(state.lineErrors.size).toBe(0);
      expect(state.couponError).toBeUndefined();
    });
  });

  describe('succeeded', () => {
    it("takes the platform's cart; a change makes the estimate stale, a read does not", () => {
      const estimate = { cart: cart() };
      const estimated = reduce(ready(cart()), {
        type: 'succeeded',
        change: change({ operation: 'estimateTotals', changesCart: false }),
        result: { value: estimate, settle: (state) => ({ ...state, estimate }) },
      });
      expect(estimated.estimate).toBe(estimate);

      const answer = cart(line('l1', 'p1', 2));
      const read = change({ operation: 'load', read: true, changesCart: false });
      const afterRead = reduce(estimated, {
        type: 'succeeded',
        change: read,
        result: { cart: answer, value: answer },
      });
      expect(afterRead).toMatchObject({ confirmed: answer, status: 'ready', estimate });

      const afterChange = reduce(afterRead, {
        type: 'succeeded',
        change: change(),
        result: { cart: answer, value: answer },
      });
      expect(afterChange.estimate).toBeUndefined();
    });

    it("maps the temporary ids of adds to the platform's line ids", () => {
      const reference = storesCatalogReference('p2', { variantId: 'v1' });
      const add = change({
        operation: 'addItems',
        lineIds: ['pending-line:1'],
        adds: [{ tempId: 'pending-line:1', catalogReference: reference, quantity: 1 }],
      });
      const answer = cart(line('l1', 'p1', 1), {
        id: 'l7',
        quantity: 1,
        catalogReference: reference,
      });
      const state = reduce(ready(cart(line('l1', 'p1', 1))), {
        type: 'succeeded',
        change: add,
        result: { cart: answer, value: answer },
      });
      expect(lineIdOf(state, 'pending-line:1')).toBe('l7');
      expect(lineIdOf(state, 'l1')).toBe('l1');
    });

    it('a change the platform confirmed means a visitor just minted has a cart now', () => {
      const fresh = reduce(INITIAL_ENGINE_STATE, { type: 'freshVisitor', freshVisitor: true });
      const read = change({ operation: 'load', read: true, changesCart: false });
      expect(
        reduce(fresh, { type: 'succeeded', change: read, result: { cart: null, value: null } })
          .freshVisitor,
      ).toBe(true);
      expect(
        reduce(fresh, { type: 'succeeded', change: change(), result: { cart: null, value: null } })
          .freshVisitor,
      ).toBe(false);
    });
  });

  describe('failed', () => {
    it('puts a refused change on its lines, its coupon and in failures, the last 20', () => {
      const error = new Error('out of stock');
      let state = ready(cart(line('l1', 'p1', 1)));
      for (let n = 0; n < 25; n++) {
        state = reduce(state, {
          type: 'failed',
          change: change({ lineIds: ['l1'], operation: 'updateQuantities' }),
          error,
        });
      }
      expect(state.lineErrors.get('l1')).toBe(error);
      expect(state.couponError).toBeUndefined();
      expect(state.failures).toHaveLength(20);
      expect(state.failures[0]).toEqual({
        operation: 'updateQuantities',
        lineItemIds: ['l1'],
        error,
      });
    });

    it('reports the items of a refused add', () => {
      const lineItems = [{ catalogReference: storesCatalogReference('p9'), quantity: 1 }];
      const error = new Error('no such product');
      const state = reduce(ready(null), {
        type: 'failed',
        change: change({ operation: 'addItems', lineIds: ['pending-line:1'], lineItems }),
        error,
      });
      expect(state.failures).toEqual([
        { operation: 'addItems', lineItemIds: ['pending-line:1'], lineItems, error },
      ]);
    });

    it("uses the change's own failure when it has one (a read that failed)", () => {
      const error = new Error('offline');
      const state = reduce(ready(cart()), {
        type: 'failed',
        change: change({
          operation: 'load',
          read: true,
          fail: (current, failure) => ({ ...current, status: 'error', loadError: failure }),
        }),
        error,
      });
      expect(state).toMatchObject({ status: 'error', loadError: error, failures: [] });
      expect(state.confirmed).toEqual(cart());
    });
  });

  describe('identity and other tabs', () => {
    it('drops everything of the old identity', () => {
      const state = reduce(
        ready(cart(line('l1', 'p1', 1))),
        { type: 'failed', change: change({ lineIds: ['l1'] }), error: new Error('x') },
        { type: 'identityChanged', freshVisitor: true },
      );
      expect(state).toEqual({ ...INITIAL_ENGINE_STATE, freshVisitor: true });
    });

    it('after a sign-out shows an empty cart when one was shown, and stays idle when not', () => {
      expect(reduce(INITIAL_ENGINE_STATE, { type: 'signedOut', used: true }).status).toBe('ready');
      expect(reduce(INITIAL_ENGINE_STATE, { type: 'signedOut', used: false }).status).toBe('idle');
    });

    it("marks a carry-over as pending, and adopts another tab's cart", () => {
      const pending = reduce(ready(cart()), { type: 'carryOverStarted' });
      expect(pending).toMatchObject({
        status: 'loading',
        carryOver: { status: 'pending', carried: [], failed: [] },
      });
      const other = cart(line('l1', 'p1', 3));
      expect(reduce(pending, { type: 'adopted', cart: other }).confirmed).toBe(other);
    });

    it('a change made elsewhere means the visitor has a cart', () => {
      const fresh = reduce(INITIAL_ENGINE_STATE, { type: 'freshVisitor', freshVisitor: true });
      expect(reduce(fresh, { type: 'changedElsewhere' }).freshVisitor).toBe(false);
    });
  });

  describe('errorsCleared', () => {
    it("forgets one line's refusals, or all", () => {
      const error = new Error('x');
      const state = reduce(
        ready(cart(line('l1', 'p1', 1), line('l2', 'p2', 1))),
        { type: 'failed', change: change({ lineIds: ['l1'] }), error },
        { type: 'failed', change: change({ lineIds: ['l2'] }), error },
        { type: 'failed', change: change({ coupon: true }), error },
      );
      const one = reduce(state, { type: 'errorsCleared', lineItemId: 'l1' });
      expect([...one.lineErrors.keys()]).toEqual(['l2']);
      expect(one.failures.map((failure) => failure.lineItemIds)).toEqual([['l2'], []]);
      expect(reduce(state, { type: 'errorsCleared', lineItemId: undefined })).toMatchObject({
        lineErrors: new Map(),
        couponError: undefined,
        failures: [],
      });
    });
  });

  describe('toCartState', () => {
    it('shows the confirmed cart with the queued changes on top, and which lines wait', () => {
      const state = ready(cart(line('l1', 'p1', 1)));
      const adds = [
        { tempId: 'pending-line:1', catalogReference: storesCatalogReference('p2'), quantity: 2 },
      ];
      const queued = [
        change({ lineIds: ['l1'], apply: (shown, id) => setQuantity(shown, id('l1'), 4) }),
        change({ lineIds: ['pending-line:1'], adds, apply: (shown) => addLines(shown, adds) }),
      ];
      expect(viewOf(state, queued)?.lineItems.map((item) => [item.id, item.quantity])).toEqual([
        ['l1', 4],
        ['pending-line:1', 2],
      ]);
      expect(toCartState(state, queued)).toMatchObject({
        confirmedCart: state.confirmed,
        status: 'ready',
        pending: true,
        itemCount: 6,
        lines: {
          l1: { pending: true, error: undefined },
          'pending-line:1': { pending: true, error: undefined },
        },
        coupon: { code: undefined, pending: false, error: undefined },
      });
      expect(toCartState(state, [])).toMatchObject({ pending: false, itemCount: 1 });
    });
  });
});
