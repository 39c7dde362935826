/**
 * The cart's server actions fed hostile form posts (a form post is anyone's making): each gets a
 * typed error naming the field, and the platform is not called at all (the store sits behind a
 * forwarder on port 0 that counts every request). A well-formed post reaches the emulator's cart.
 * Next's request scope (`cookies()`, `headers()`, `connection()`, `after()`, `refresh()`) is the
 * boundary: it is stood in for with a cookie jar the test holds.
 */
import { parseShopperHint } from '../../shared/cookies.js';
import { STORES_APP_ID } from '@vitrine/emulator';
import type * as NextServerModule from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cookiesOf,
  form,
  startCountedStore,
  visitorSession,
  type CountedStore,
  type RequestScope,
} from './helpers.js';

type NextServer = typeof NextServerModule;

const next = vi.hoisted((): RequestScope => ({ jar: new Map(), refreshed: 0, afterwards: [] }));

vi.mock('next/headers', () => ({
  cookies: () => Promise.resolve(cookiesOf(next)),
  headers: () => Promise.resolve(new Headers({ host: 'localhost:3000' })),
}));

vi.mock('next/server', async (original) => ({
  ...(await original<NextServer>()),
  connection: () => Promise.resolve(),
  after: (task: () => unknown) => next.afterwards.push(task),
}));

vi.mock('next/cache', () => ({
  refresh: () => {
    next.refreshed++;
  },
  // The catalog's cached reads (the product a form names): plain reads outside Next.
  cacheLife: () => {},
  cacheTag: () => {},
}));

const { addToCart, applyCoupon, removeLine, updateLineQuantity } = await import('../cart.js');

let store: CountedStore;

beforeAll(async () => {
  store = await startCountedStore();
  vi.stubEnv('VITRINE_CLIENT_ID', store.emulator.clientId);
  vi.stubEnv('VITRINE_API_URL', store.url);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await store.close();
});

const HINT = () => `vitrine.${store.emulator.clientId}.cart`;

beforeEach(async () => {
  next.jar.clear();
  next.refreshed = 0;
  await visitorSession(next.jar);
  store.reset();
});

const IDLE = { status: 'idle' } as const;

async function newProduct(): Promise<string> {
  const reply = await fetch(`${store.emulator.url}/stores/v1/products`, {
    method: 'POST',
    headers: { authorization: store.emulator.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      product: {
        name: 'Form tee',
        priceData: { price: 24 },
        productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'L' }] }],
      },
    }),
  });
  return ((await reply.json()) as { product: { id: string } }).product.id;
}

describe('actions/cart', () => {
  describe('addToCart', () => {
    const hostile: [string, [string, string | Blob][], string, RegExp][] = [
      [
        'quantity 0',
        [
          ['productId', 'p1'],
          ['quantity', '0'],
        ],
        'quantity',
        /whole number from 1 to 999/,
      ],
      [
        'quantity -1',
        [
          ['productId', 'p1'],
          ['quantity', '-1'],
        ],
        'quantity',
        /from 1 to 999/,
      ],
      [
        'quantity 1000',
        [
          ['productId', 'p1'],
          ['quantity', '1000'],
        ],
        'quantity',
        /from 1 to 999/,
      ],
      [
        'quantity 1e3',
        [
          ['productId', 'p1'],
          ['quantity', '1e3'],
        ],
        'quantity',
        /whole number/,
      ],
      [
        'quantity 2.5',
        [
          ['productId', 'p1'],
          ['quantity', '2.5'],
        ],
        'quantity',
        /whole number/,
      ],
      [
        'quantity 0x10',
        [
          ['productId', 'p1'],
          ['quantity', '0x10'],
        ],
        'quantity',
        /whole number/,
      ],
      [
        'quantity text',
        [
          ['productId', 'p1'],
          ['quantity', 'two'],
        ],
        'quantity',
        /whole number/,
      ],
      [
        'quantity empty',
        [
          ['productId', 'p1'],
          ['quantity', ''],
        ],
        'quantity',
        /whole number/,
      ],
      [
        'quantity huge',
        [
          ['productId', 'p1'],
          ['quantity', '9'.repeat(100_000)],
        ],
        'quantity',
        /whole number/,
      ],
      [
        'quantity a file',
        [
          ['productId', 'p1'],
          ['quantity', new Blob(['2'])],
        ],
        'quantity',
        /whole number/,
      ],
      ['no product', [['quantity', '1']], 'productId', /must be an id of 1 to 200 characters/],
      ['empty product', [['productId', '  ']], 'productId', /must be an id/],
      ['huge product', [['productId', 'p'.repeat(201)]], 'productId', /must be an id/],
      ['product a file', [['productId', new Blob(['p1'])]], 'productId', /must be an id/],
      [
        'empty variant',
        [
          ['productId', 'p1'],
          ['variantId', ' '],
        ],
        'variantId',
        /must be an id/,
      ],
      [
        'option without a name',
        [
          ['productId', 'p1'],
          ['option.', 'L'],
        ],
        'option.',
        /at most 500/,
      ],
      [
        'huge option',
        [
          ['productId', 'p1'],
          ['option.Size', 'L'.repeat(501)],
        ],
        'option.Size',
        /at most 500/,
      ],
      [
        'option a file',
        [
          ['productId', 'p1'],
          ['option.Size', new Blob(['L'])],
        ],
        'option.Size',
        /at most 500/,
      ],
      [
        '21 options',
        [
          ['productId', 'p1'],
          ...Array.from({ length: 21 }, (_, i): [string, string] => [`option.O${i}`, 'x']),
        ],
        'option.',
        /at most 20 fields/,
      ],
      [
        'huge custom text',
        [
          ['productId', 'p1'],
          ['text.Name', 'x'.repeat(501)],
        ],
        'text.Name',
        /at most 500/,
      ],
    ];

    it.each(hostile)(
      'refuses %s with an error naming the field, and calls no platform',
      async (_, fields, field, message) => {
        const before = new Map(next.jar);
        const state = await addToCart(IDLE, form(fields));
        expect(state).toEqual({
          status: 'error',
          code: 'BAD_ARGUMENT',
          field,
          message: expect.stringMatching(message),
        });
        expect(state.message).toContain(`"${field}"`);
        expect(store.calls()).toBe(0);
        expect(next.refreshed).toBe(0);
        // The shopper's cookies are as they were (the no-cart hint too).
        expect(next.jar).toEqual(before);
      },
    );

    it('refuses a hostile post of a browser without a session before minting one', async () => {
      next.jar.clear();
      const state = await addToCart(
        IDLE,
        form([
          ['productId', 'p1'],
          ['quantity', 'lots'],
        ]),
      );
      expect(state).toMatchObject({ status: 'error', field: 'quantity' });
      expect(store.calls()).toBe(0);
      expect(next.jar.size).toBe(0);
    });

    it('adds a well-formed line with its options to the cart, and refreshes the page', async () => {
      const productId = await newProduct();
      store.reset();
      const state = await addToCart(
        IDLE,
        form([
          ['productId', productId],
          ['quantity', ' 2 '],
          ['option.Size', 'L'],
        ]),
      );
      expect(state).toEqual({ status: 'done', message: 'Added to your cart.' });
      expect(store.calls()).toBeGreaterThan(0);
      expect(next.refreshed).toBe(1);
      // The shopper's hint holds the cart's new count, for the next page (the same for all).
      expect(parseShopperHint(next.jar.get(HINT()))?.itemCount).toBe(2);
      const cart = await currentCart();
      expect(cart.lineItems).toMatchObject([
        { quantity: 2, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } },
      ]);
    });
  });

  describe('addToCart judges the post against the product', () => {
    /** A seeded product with options, one of its variants sold out and one in stock. */
    async function partlySoldOut() {
      const { getProducts, getProductBySlug } = await import('../../catalog/catalog.js');
      const { items } = await getProducts({ limit: 100 });
      for (const item of items.filter((p) => p.stock.status === 'PARTIALLY_OUT_OF_STOCK')) {
        const product = (await getProductBySlug(item.slug))!;
        const soldOut = product.variants.find((v) => v.visible && !v.stock.inStock);
        const inStock = product.variants.find((v) => v.visible && v.stock.inStock);
        if (product.options.length > 0 && soldOut && inStock) return { product, soldOut, inStock };
      }
      throw new Error('the seed has no product with a sold-out variant');
    }

    const optionsOf = (choices: Readonly<Record<string, string>>): [string, string][] =>
      Object.entries(choices).map(([name, value]) => [`option.${name}`, value]);

    it('refuses a sold-out choice, by options (no script) or by variant, before minting a visitor', async () => {
      const { product, soldOut } = await partlySoldOut();
      for (const fields of [
        optionsOf(soldOut.choices),
        [['variantId', soldOut.id]] as [string, string][],
      ]) {
        next.jar.clear();
        const state = await addToCart(IDLE, form([['productId', product.id], ...fields]));
        expect(state).toEqual({
          status: 'error',
          code: 'SOLD_OUT',
          field: 'variantId',
          message: 'This choice is sold out.',
        });
        expect(next.jar.size).toBe(0);
        expect(next.refreshed).toBe(0);
      }
    });

    it('asks for an option left out, and refuses a variant of another product', async () => {
      const { product, inStock } = await partlySoldOut();
      const [first] = product.options;
      const missing = await addToCart(IDLE, form([['productId', product.id]]));
      expect(missing).toMatchObject({
        status: 'error',
        code: 'CHOOSE_OPTION',
        field: `option.${first!.name}`,
      });
      const unknown = await addToCart(
        IDLE,
        form([
          ['productId', product.id],
          ['variantId', `${inStock.id}-not-this-one`],
        ]),
      );
      expect(unknown).toMatchObject({ status: 'error', code: 'NOT_SOLD', field: 'variantId' });
      const gone = await addToCart(IDLE, form([['productId', 'no-such-product']]));
      expect(gone).toMatchObject({ status: 'error', code: 'NOT_SOLD', field: 'productId' });
    });

    it('adds a choice in stock named by its options as its variant, by id', async () => {
      const { product, inStock } = await partlySoldOut();
      const state = await addToCart(
        IDLE,
        form([['productId', product.id], ...optionsOf(inStock.choices)]),
      );
      expect(state).toEqual({ status: 'done', message: 'Added to your cart.' });
      const cart = await currentCart();
      expect(cart.lineItems).toMatchObject([
        {
          quantity: 1,
          catalogReference: { catalogItemId: product.id, options: { variantId: inStock.id } },
        },
      ]);
    });
  });

  describe('updateLineQuantity', () => {
    it.each([
      ['no line', [['quantity', '1']], 'lineItemId'],
      ['no quantity', [['lineItemId', 'l1']], 'quantity'],
      [
        'quantity -1',
        [
          ['lineItemId', 'l1'],
          ['quantity', '-1'],
        ],
        'quantity',
      ],
      [
        'quantity 1000',
        [
          ['lineItemId', 'l1'],
          ['quantity', '1000'],
        ],
        'quantity',
      ],
      [
        'quantity NaN',
        [
          ['lineItemId', 'l1'],
          ['quantity', 'NaN'],
        ],
        'quantity',
      ],
    ] as [string, [string, string][], string][])(
      'refuses %s, naming the field, calling no platform',
      async (_, fields, field) => {
        const state = await updateLineQuantity(IDLE, form(fields));
        expect(state).toMatchObject({ status: 'error', code: 'BAD_ARGUMENT', field });
        expect(store.calls()).toBe(0);
      },
    );
  });

  describe('removeLine', () => {
    it('refuses a post without a line, calling no platform', async () => {
      const state = await removeLine(IDLE, form([['lineItemId', '']]));
      expect(state).toMatchObject({ status: 'error', field: 'lineItemId' });
      expect(store.calls()).toBe(0);
    });
  });

  // Issue 36: invoked by id, an action gets whatever a request sends in place of its form.
  describe('invoked by id with something that is not a form', () => {
    it.each([['a text'], [['a', 'list']], [{ get: 'not a function' }], [undefined], [null]])(
      'refuses %j by name, calling no platform',
      async (given) => {
        const notAForm = given as unknown as FormData;
        for (const action of [addToCart, updateLineQuantity, removeLine, applyCoupon]) {
          const state = await action(IDLE, notAForm);
          expect(state).toMatchObject({ status: 'error', code: 'BAD_ARGUMENT', field: 'form' });
        }
        const { checkout } = await import('../cart.js');
        expect(await checkout(IDLE, notAForm)).toMatchObject({ status: 'error', field: 'form' });
        expect(store.calls()).toBe(0);
      },
    );
  });

  describe('applyCoupon', () => {
    it.each([
      ['no code', []],
      ['a blank code', [['code', '   ']]],
      ['a code of 101 characters', [['code', 'W'.repeat(101)]]],
    ] as [string, [string, string][]][])('refuses %s, calling no platform', async (_, fields) => {
      const state = await applyCoupon(IDLE, form(fields));
      expect(state).toMatchObject({ status: 'error', code: 'BAD_ARGUMENT', field: 'code' });
      expect(store.calls()).toBe(0);
    });
  });
});

async function currentCart() {
  const { getRequestStore } = await import('../../server/request-store.js');
  const store = await getRequestStore();
  const cart = await store.cart.get();
  store.dispose();
  return cart;
}
