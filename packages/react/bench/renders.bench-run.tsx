import { act, render, screen, waitFor } from '@testing-library/react';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memo, version } from 'react';
import { expect, it } from 'vitest';
import {
  createStoreClient,
  memoryStorage,
  storesLineItem,
  type StorefrontProduct,
} from '@vitrine/sdk';
import { StoreProvider, useAddToCart, useCart, useProducts } from '../src/index.js';

// Counts renders of a 100-product grid while 20 items are added to the cart, one by one, through
// the hooks. Target: the grid renders once (when its data arrives) and never again.
const PRODUCTS = 100;
const ADDS = 20;
// As a Catalog V1 store sends them (the client reads the storefront model of them).
const products = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: `p${i}`,
  slug: `product-${i}`,
  name: `Product ${i}`,
  priceData: { currency: 'USD', price: 10 + i, formatted: { price: `$${10 + i}.00` } },
}));

function platform() {
  // Cart V2's current cart, the cart API a client uses by default.
  let lineItems: { id: string; quantityInfo: { requestedQuantity: number }; source: unknown }[] =
    [];
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const reply = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (path === '/oauth2/token')
      return reply({ access_token: 'at', refresh_token: 'rt', expires_in: 3600 });
    if (path.endsWith('query-platformized')) {
      return reply({ products, metadata: { count: PRODUCTS, offset: 0, total: PRODUCTS } });
    }
    if (path === '/ecom/v2/carts/current/add-line-items') {
      const body = (await request.json()) as {
        catalogItems: { catalogReference: unknown; quantity: number }[];
      };
      lineItems = [
        ...lineItems,
        ...body.catalogItems.map((l, i) => ({
          id: `l${lineItems.length + i}`,
          quantityInfo: { requestedQuantity: l.quantity },
          source: { catalogReference: l.catalogReference },
        })),
      ];
      return reply({ cart: { id: 'c', lineItems } });
    }
    if (path === '/ecom/v2/carts/current') return reply({ cart: { id: 'c', lineItems } });
    return new Response('{}', { status: 404 });
  };
}

const counts = { grid: 0, cards: 0, badge: 0, buttons: 0 };

const Card = memo(function Card({ product }: { product: StorefrontProduct }) {
  counts.cards += 1;
  return <li>{product.name}</li>;
});

const Grid = memo(function Grid() {
  const { data } = useProducts({ limit: PRODUCTS });
  if (data) counts.grid += 1;
  return (
    <ul>
      {data?.items.map((product) => (
        <Card key={product.id} product={product} />
      ))}
    </ul>
  );
});

function CartBadge() {
  counts.badge += 1;
  return <span data-testid="count">{useCart((state) => state.itemCount)}</span>;
}

function AddButton() {
  counts.buttons += 1;
  const add = useAddToCart();
  return (
    <button
      onClick={() =>
        add.mutate({ lineItems: [storesLineItem(`p${counts.buttons % PRODUCTS}`, 1)] })
      }
    >
      add
    </button>
  );
}

it('counts renders of a 100-product grid while 20 items are added', async () => {
  const store = createStoreClient({
    clientId: 'bench',
    baseUrl: 'http://127.0.0.1:4999',
    fetch: platform(),
    storage: memoryStorage(),
    tabSync: false,
    catalog: 'v1',
  });
  render(
    <StoreProvider client={store}>
      <CartBadge />
      <AddButton />
      <Grid />
    </StoreProvider>,
  );
  await waitFor(() => expect(counts.grid).toBe(1));
  await waitFor(() => expect(store.cartStore.getState().status).toBe('ready'));
  const started = performance.now();
  for (let i = 0; i < ADDS; i++) {
    await act(async () => screen.getByRole('button').click());
  }
  await act(() => store.cartStore.whenIdle());
  await waitFor(() => expect(screen.getByTestId('count').textContent).toBe(String(ADDS)));
  const elapsed = performance.now() - started;

  const lines = [
    '# @vitrine/react benchmarks',
    '',
    `Produced by \`npm run bench -w @vitrine/react\` (packages/react/bench/renders.bench-run.tsx) on ${new Date().toISOString().slice(0, 10)}, React ${version}, jsdom, Node ${process.version}.`,
    '',
    '## Renders while the cart changes',
    '',
    `A grid of ${PRODUCTS} products (\`useProducts\`, memoised cards), a cart badge (\`useCart\` with a selector) and`,
    `an add button (\`useAddToCart\`); ${ADDS} items are added one click at a time against a fake platform.`,
    '',
    '| component | renders | target |',
    '|---|---|---|',
    `| product grid | ${counts.grid} | 1 (${counts.grid === 1 ? 'met' : 'NOT met'}) |`,
    `| product cards (all ${PRODUCTS}) | ${counts.cards} | ${PRODUCTS} |`,
    `| cart badge | ${counts.badge} | one per change of the count |`,
    `| add button | ${counts.buttons} | |`,
    '',
    `${ADDS} adds took ${elapsed.toFixed(0)} ms of wall time in jsdom (not a target; for comparison between runs).`,
    '',
  ];
  writeFileSync(join(__dirname, '..', 'BENCHMARKS.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  expect(counts.grid).toBe(1);
  expect(counts.cards).toBe(PRODUCTS);
});
