/**
 * The island path: `StoreClientProvider` with a client that loads on first use, the session and
 * cart hooks rendering the server's snapshot until the shopper acts, and `useProductChoice`.
 */
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStoreClient, memoryStorage, type Product, type StoreClient } from '@vitrine/sdk';
import { createDeferredStoreClient } from '@vitrine/sdk/lite';
import { useCart, useProductChoice, useSession, StoreClientProvider } from '../lite.js';
import { fakePlatform, json } from './helpers.js';

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
    'POST /ecom/v1/carts/current/add-to-cart': () =>
      json({ cart: { ...CART, lineItems: [...CART.lineItems, { id: 'line-2', quantity: 1 }] } }),
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
      'POST /ecom/v1/carts/current/add-to-cart',
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

/** A tee: Size (M, XL) × Color (Black, White); XL Black sold out; XL costs 100, M 9. */
const TEE = {
  id: 'tee',
  stock: { inStock: true },
  productOptions: [
    { name: 'Size', choices: [{ description: 'M' }, { description: 'XL' }] },
    { name: 'Color', choices: [{ description: 'Black' }, { description: 'White' }] },
    { name: 'Fit', choices: [{ description: 'Regular' }] },
  ],
  variants: ['M', 'XL'].flatMap((size) =>
    ['Black', 'White'].map((color) => ({
      id: `${size}-${color}`,
      choices: { Size: size, Color: color, Fit: 'Regular' },
      variant: { priceData: { currency: 'USD', price: size === 'XL' ? 100 : 9 }, visible: true },
      stock: {
        trackQuantity: true,
        quantity: size === 'XL' && color === 'Black' ? 0 : 7,
        inStock: !(size === 'XL' && color === 'Black'),
      },
    })),
  ),
} satisfies Product;

describe('useProductChoice', () => {
  it('starts with single choices chosen, and follows each choice to its variant, price and stock', () => {
    const { result } = renderHook(() => useProductChoice(TEE));
    expect(result.current).toMatchObject({
      selection: { Fit: 'Regular' },
      allChosen: false,
      variant: undefined,
      prices: { min: 9, max: 100 },
      inStock: true,
      canBuy: false,
    });
    expect(result.current.options.map((option) => option.name)).toEqual(['Size', 'Color', 'Fit']);

    act(() => result.current.choose('Size', 'XL'));
    expect(result.current.prices).toMatchObject({ min: 100, max: 100 });
    expect(result.current.availabilityOf('Color', { description: 'Black' })).toBe('sold-out');
    expect(result.current.availabilityOf('Color', { description: 'White' })).toBe('available');

    act(() => result.current.choose('Color', 'Black'));
    expect(result.current).toMatchObject({
      allChosen: true,
      variant: { id: 'XL-Black' },
      inStock: false,
      quantity: 0,
      canBuy: false,
    });

    act(() => result.current.choose('Color', 'White'));
    expect(result.current).toMatchObject({
      variant: { id: 'XL-White' },
      inStock: true,
      quantity: 7,
      canBuy: true,
    });
  });

  it('a product without options can be bought as it is, by its own stock', () => {
    const mug = { id: 'mug', stock: { inStock: true } } satisfies Product;
    expect(renderHook(() => useProductChoice(mug)).result.current).toMatchObject({
      allChosen: true,
      inStock: true,
      canBuy: true,
    });
    const soldOut = { id: 'mug', stock: { inStock: false } } satisfies Product;
    expect(renderHook(() => useProductChoice(soldOut)).result.current.canBuy).toBe(false);
  });

  it('two products keep their own choices', () => {
    const { result } = renderHook(() => [useProductChoice(TEE), useProductChoice(TEE)] as const);
    act(() => result.current[0].choose('Size', 'M'));
    expect(result.current[0].selection).toEqual({ Fit: 'Regular', Size: 'M' });
    expect(result.current[1].selection).toEqual({ Fit: 'Regular' });
  });
});
