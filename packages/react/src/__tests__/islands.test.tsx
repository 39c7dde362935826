/**
 * The island path: `StoreClientProvider` with a client that loads on first use, the session and
 * cart hooks rendering the server's snapshot until the shopper acts, and `useProductChoice`.
 */
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createStoreClient,
  memoryStorage,
  type StoreClient,
  type StorefrontProductDetail,
  type StorefrontVariant,
} from '@vitrine/sdk';
import { createDeferredStoreClient, storefrontLineItem } from '@vitrine/sdk/lite';
import { useCart, useProductChoice, useSession, StoreClientProvider } from '../lite.js';
import { CART_V2, cartV2Answer, fakePlatform, json } from './helpers.js';
import { snapshot } from './record.js';

const CART = {
  id: 'cart-1',
  lineItems: [{ id: 'line-1', quantity: 2, productName: { original: 'Tee' } }],
};

const clients: StoreClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

function island() {
  const platform = fakePlatform({
    [`POST ${CART_V2}/add-line-items`]: () =>
      json(
        cartV2Answer({ ...CART, lineItems: [...CART.lineItems, { id: 'line-2', quantity: 1 }] }),
      ),
  });
  const make = vi.fn(async () =>
    createStoreClient({
      clientId: 'c1',
      fetch: platform.fetch,
      storage: memoryStorage(),
      tabSync: false,
      retry: 0,
    }),
  );
  const store = createDeferredStoreClient({ clientId: 'c1', role: 'visitor', load: make });
  clients.push(store);
  return { store, make, platform };
}

function Header() {
  const count = useCart((state) => state.itemCount);
  const role = useSession((session) => session.role);
  return (
    <p>
      {role}: {count} items
    </p>
  );
}

describe('islands', () => {
  it("render the server's session and cart with no request, then follow the loaded client's cart", async () => {
    const { store, make, platform } = island();
    render(
      <StoreClientProvider client={store} snapshot={{ role: 'visitor', cart: CART }}>
        <Header />
      </StoreClientProvider>,
    );
    expect(screen.getByText('visitor: 2 items')).toBeTruthy();
    expect(make).not.toHaveBeenCalled();
    expect(platform.received).toEqual([]);

    await act(() =>
      store.cartStore.addItems({
        lineItems: [{ catalogReference: { catalogItemId: 'p2', appId: 'a' }, quantity: 1 }],
      }),
    );
    expect(make).toHaveBeenCalledTimes(1);
    expect(screen.getByText('visitor: 3 items')).toBeTruthy();
    // The hydrated cart was handed over: no read of it, one grant, one add.
    expect(platform.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /oauth2/token',
      `POST ${CART_V2}/add-line-items`,
    ]);
  });

  it('the lite entry pulls in neither TanStack Query nor the root SDK entry', async () => {
    vi.resetModules();
    vi.doMock('@tanstack/react-query', () => {
      throw new Error('TanStack Query imported');
    });
    vi.doMock('@vitrine/sdk', () => {
      throw new Error('the root SDK entry imported');
    });
    await expect(import('../lite.js')).resolves.toHaveProperty('useCart');
    vi.doUnmock('@tanstack/react-query');
    vi.doUnmock('@vitrine/sdk');
  });
});

/** A choice of the storefront model, in stock and shown. */
const choice = (name: string) => ({ id: name, name, inStock: true, visible: true });

/** A variant of the tee: XL costs 100, M 9; XL Black is sold out. */
function teeVariant(size: string, color: string): StorefrontVariant {
  const soldOut = size === 'XL' && color === 'Black';
  return {
    id: `${size}-${color}`,
    choices: { Size: size, Color: color, Fit: 'Regular' },
    price: { amount: size === 'XL' ? 100 : 9 },
    stock: { inStock: !soldOut, quantity: soldOut ? 0 : 7 },
    visible: true,
  };
}

/** A tee of the storefront model: Size (M, XL) × Color (Black, White) × Fit (Regular). */
const TEE: StorefrontProductDetail = {
  id: 'tee',
  slug: 'tee',
  name: 'Tee',
  currency: 'USD',
  price: { min: 9, max: 100 },
  stock: { status: 'PARTIALLY_OUT_OF_STOCK' },
  images: [],
  options: [
    { id: 'size', name: 'Size', kind: 'text', choices: [choice('M'), choice('XL')] },
    { id: 'color', name: 'Color', kind: 'color', choices: [choice('Black'), choice('White')] },
    { id: 'fit', name: 'Fit', kind: 'text', choices: [choice('Regular')] },
  ],
  variants: ['M', 'XL'].flatMap((size) => ['Black', 'White'].map((c) => teeVariant(size, c))),
  customFields: [],
  infoSections: [],
};

/** A product without options: one variant, with no choices. */
function mug(inStock: boolean, quantity?: number): StorefrontProductDetail {
  const variant: StorefrontVariant = {
    id: 'mug-default',
    choices: {},
    price: { amount: 12 },
    stock: quantity === undefined ? { inStock } : { inStock, quantity },
    visible: true,
  };
  return {
    ...TEE,
    id: 'mug',
    stock: { status: inStock ? 'IN_STOCK' : 'OUT_OF_STOCK' },
    options: [],
    variants: [variant],
  };
}

describe('useProductChoice', () => {
  it('starts with single choices chosen, and follows each choice to its variant, price and stock, render by render', () => {
    const renders: Record<string, unknown>[] = [];
    const { result } = renderHook(() => {
      const choice = useProductChoice(TEE);
      renders.push(snapshot(choice));
      return choice;
    });
    act(() => result.current.choose('Size', 'XL'));
    expect(result.current.availabilityOf('Color', { name: 'Black', inStock: true })).toBe(
      'sold-out',
    );
    expect(result.current.availabilityOf('Color', { name: 'White', inStock: true })).toBe(
      'available',
    );
    expect(result.current.availabilityOf('Size', { name: 'L', inStock: true })).toBe('unavailable');
    act(() => result.current.choose('Color', 'Black'));
    act(() => result.current.choose('Color', 'White'));
    const options = TEE.options;
    expect(renders).toEqual([
      {
        options,
        selection: { Fit: 'Regular' },
        allChosen: false,
        variant: undefined,
        prices: { cheapest: { amount: 9 }, min: 9, max: 100 },
        inStock: true,
        quantity: undefined,
        canBuy: false,
      },
      {
        options,
        selection: { Fit: 'Regular', Size: 'XL' },
        allChosen: false,
        variant: undefined,
        prices: { cheapest: { amount: 100 }, min: 100, max: 100 },
        inStock: true,
        quantity: undefined,
        canBuy: false,
      },
      {
        options,
        selection: { Fit: 'Regular', Size: 'XL', Color: 'Black' },
        allChosen: true,
        variant: teeVariant('XL', 'Black'),
        prices: { cheapest: { amount: 100 }, min: 100, max: 100 },
        inStock: false,
        quantity: 0,
        canBuy: false,
      },
      {
        options,
        selection: { Fit: 'Regular', Size: 'XL', Color: 'White' },
        allChosen: true,
        variant: teeVariant('XL', 'White'),
        prices: { cheapest: { amount: 100 }, min: 100, max: 100 },
        inStock: true,
        quantity: 7,
        canBuy: true,
      },
    ]);
    // The choice is what the cart line names: the chosen variant.
    const line = storefrontLineItem(TEE, { selection: result.current.selection });
    expect(line.catalogReference.options).toMatchObject({ variantId: 'XL-White' });
  });

  it('a product without options can be bought as it is: its one variant, by its stock', () => {
    expect(snapshot(renderHook(() => useProductChoice(mug(true, 3))).result.current)).toEqual({
      options: [],
      selection: {},
      allChosen: true,
      variant: mug(true, 3).variants[0],
      prices: { cheapest: { amount: 12 }, min: 12, max: 12 },
      inStock: true,
      quantity: 3,
      canBuy: true,
    });
    const soldOut = renderHook(() => useProductChoice(mug(false))).result.current;
    expect(soldOut).toMatchObject({ inStock: false, quantity: undefined, canBuy: false });
  });

  it("a product whose variants are not listed is judged by the product's stock status", () => {
    const bare = (status: 'IN_STOCK' | 'OUT_OF_STOCK') => ({
      ...mug(true),
      stock: { status },
      variants: [],
    });
    expect(renderHook(() => useProductChoice(bare('IN_STOCK'))).result.current).toMatchObject({
      allChosen: true,
      variant: undefined,
      inStock: true,
      canBuy: true,
    });
    expect(renderHook(() => useProductChoice(bare('OUT_OF_STOCK'))).result.current).toMatchObject({
      inStock: false,
      canBuy: false,
    });
  });

  it('two products keep their own choices', () => {
    const { result } = renderHook(() => [useProductChoice(TEE), useProductChoice(TEE)] as const);
    act(() => result.current[0].choose('Size', 'M'));
    expect(result.current[0].selection).toEqual({ Fit: 'Regular', Size: 'M' });
    expect(result.current[1].selection).toEqual({ Fit: 'Regular' });
  });
});
