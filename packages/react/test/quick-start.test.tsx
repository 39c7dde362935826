// The README's quick start (quick-start/quick-start.tsx, the same code) against the emulator as
// seeded, on a free port: every product it offers goes into the cart, and a refused add shows.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreProvider, createStoreClient, memoryStorage, type StoreClient } from '@vitrine/react';
import { CartCount, Products, store } from './quick-start/quick-start.js';

let emulator: Emulator;
const clients: StoreClient[] = [];

function clientFor(options: { baseUrl: string; fetch?: typeof fetch }): StoreClient {
  const client = createStoreClient({
    clientId: 'vitrine-local-client',
    storage: memoryStorage(),
    tabSync: false,
    ...options,
  });
  clients.push(client);
  return client;
}

/** The quick start's components, on `client` instead of the fixed local address. */
function renderQuickStart(client: StoreClient) {
  return render(
    <StoreProvider client={client}>
      <CartCount />
      <Products />
    </StoreProvider>,
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterEach(() => {
  cleanup();
});

afterAll(async () => {
  for (const client of [store, ...clients]) client.dispose();
  await emulator.close();
});

describe('README quick start', () => {
  it('adds each of the first 12 seeded products to the cart, options and all', async () => {
    expect(emulator.clientId).toBe('vitrine-local-client');
    const client = clientFor({ baseUrl: emulator.url });
    renderQuickStart(client);
    const buttons = await screen.findAllByRole('button', { name: /^Add / });
    expect(buttons).toHaveLength(12);
    // Each button waits for its product's page, which lists the variants.
    await waitFor(() =>
      expect(buttons.every((button) => !button.hasAttribute('disabled'))).toBe(true),
    );
    // Most of them need a chosen variant (size, colour): the line names one.
    const page = await client.storefront.products({ limit: 12 });
    const products = await Promise.all(
      page.items.map((product) => client.storefront.product({ id: product.id })),
    );
    const withOptions = products.filter((product) => (product?.options.length ?? 0) > 0);
    expect(withOptions.length).toBeGreaterThan(6);

    for (const button of buttons) {
      await act(async () => {
        fireEvent.click(button);
      });
    }
    await waitFor(() => expect(client.cartStore.getState().pending).toBe(false));
    expect(screen.getByText('Cart (12)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(client.cartStore.getState().failures).toEqual([]);
    const cart = await client.cart.get();
    expect(cart?.lineItems).toHaveLength(12);
    // Each line is the product's first variant in stock.
    const variantIds = new Set(
      cart?.lineItems.map((line) => line.catalogReference?.options?.variantId),
    );
    for (const product of products) {
      const first = product!.variants.find((each) => each.visible && each.stock.inStock);
      expect(variantIds.has(first!.id)).toBe(true);
    }
  });

  it('shows why an add was refused, and the count goes back', async () => {
    // The emulator's answers, but for the add (Cart V2's), which a platform refuses.
    const refusing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/ecom/v2/carts/current/add-line-items') {
        return new Response(
          JSON.stringify({
            message: 'Product is out of stock',
            details: { applicationError: { code: 'OUT_OF_STOCK', description: 'Out of stock' } },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      }
      return fetch(request);
    };
    const client = clientFor({ baseUrl: emulator.url, fetch: refusing });
    renderQuickStart(client);
    const [first] = await screen.findAllByRole('button', { name: /^Add / });
    await waitFor(() => expect(first!.hasAttribute('disabled')).toBe(false));
    await act(async () => {
      fireEvent.click(first!);
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Not added: Product is out of stock: Out of stock',
    );
    await waitFor(() => expect(screen.getByText('Cart (0)')).toBeTruthy());
  });
});
