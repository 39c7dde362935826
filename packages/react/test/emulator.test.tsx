import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreClient, memoryStorage, storesLineItem, type StoreClient } from '@vitrine/sdk';
import {
  StoreProvider,
  useAddToCart,
  useApplyCoupon,
  useCart,
  useEstimateTotals,
  useProducts,
  useSession,
} from '../src/index.js';

// The hooks against the local emulator on a free port: real HTTP, real platform answers.
let emulator: Emulator;
let client: StoreClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  client = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    storage: memoryStorage(),
    tabSync: false,
  });
});

afterAll(async () => {
  client.cartStore.dispose();
  await emulator.close();
});

function Shop() {
  const role = useSession((session) => session.role);
  const { data, isPending } = useProducts({ limit: 4, sort: 'price-asc' });
  const cart = useCart();
  const add = useAddToCart();
  const coupon = useApplyCoupon();
  const estimate = useEstimateTotals();
  if (isPending) return <p>Loading…</p>;
  return (
    <main>
      <p data-testid="role">{role}</p>
      {data?.items.map((product) => (
        <button
          key={product.id}
          onClick={() => add.mutate({ lineItems: [storesLineItem(product.id, 1)] })}
        >
          Add {product.name}
        </button>
      ))}
      <button onClick={() => coupon.mutate('WELCOME10')}>Apply coupon</button>
      <button
        onClick={() =>
          estimate.mutate({
            shippingAddress: {
              country: 'US',
              subdivision: 'US-NY',
              postalCode: '10001',
              city: 'New York',
            },
          })
        }
      >
        Estimate
      </button>
      <ul>
        {cart.cart?.lineItems.map((line) => (
          <li key={line.id} data-testid="line">
            {line.productName?.original} × {line.quantity} @ {line.price?.amount}
          </li>
        ))}
      </ul>
      <p data-testid="count">{cart.itemCount}</p>
      <p data-testid="coupon">{cart.coupon.code ?? 'none'}</p>
      <p data-testid="total">{estimate.data?.priceSummary?.total?.amount ?? ''}</p>
    </main>
  );
}

describe('hooks against the emulator', () => {
  it('browses, adds to the cart, applies a coupon and estimates totals', async () => {
    render(
      <StoreProvider client={client}>
        <Shop />
      </StoreProvider>,
    );
    const buttons = await screen.findAllByRole('button', { name: /^Add / });
    expect(buttons).toHaveLength(4);
    // The page sorted by price is the catalog's four cheapest products, by price as a number
    // (the catalog's prices have one to three digits: as text, 10 and 149 would come before 5).
    const all = (await client.storefront.products({ limit: 100 })).items;
    const priceOf = (name: string) => all.find((p) => p.name === name)!.price.min;
    const byPrice = all.map((p) => p.name).sort((a, b) => priceOf(a) - priceOf(b));
    expect(priceOf(byPrice[3]!)).toBeLessThan(priceOf(byPrice[4]!));
    const shown = buttons.map((button) => button.textContent.replace(/^Add /, ''));
    expect([...shown].sort()).toEqual(byPrice.slice(0, 4).sort());
    const shownPrices = shown.map(priceOf);
    expect(shownPrices).toEqual([...shownPrices].sort((a, b) => a - b));
    expect(screen.getByTestId('role').textContent).toBe('visitor');

    await act(async () => {
      fireEvent.click(buttons[0]!);
      fireEvent.click(buttons[0]!);
      fireEvent.click(buttons[1]!);
    });
    // Every add has settled: also those the cart store held while its engine's code was still on
    // its way (they show nothing yet, so `pending` alone could read false before they are sent).
    await act(() => client.cartStore.whenIdle());
    await waitFor(() => expect(client.cartStore.getState().pending).toBe(false));
    expect(screen.getByTestId('count').textContent).toBe('3');
    const lines = screen.getAllByTestId('line').map((line) => line.textContent);
    expect(lines).toHaveLength(2);
    // The server's cart won: names and prices come from the catalog, quantities merged.
    expect(lines[0]).toMatch(/^.+ × 2 @ \d+(\.\d+)?$/);

    fireEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    await waitFor(() => expect(screen.getByTestId('coupon').textContent).toBe('WELCOME10'));

    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    await waitFor(() => expect(screen.getByTestId('total').textContent).not.toBe(''));
    expect(Number(screen.getByTestId('total').textContent)).toBeGreaterThan(0);
  });
});
