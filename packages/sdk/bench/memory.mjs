// Memory a server keeps per request client: builds thousands of clients as a server builds one
// per request (memory storage, no tab sync, a visitor's tokens from the request's cookies),
// each reads its cart and a page of products, then is disposed. Reports the heap that stays
// after a full garbage collection, per client. Run by bench/run.mjs as
// `node --expose-gc bench/memory.mjs <clients> [tabSync]`; prints one JSON line.
import { createStoreClient } from '@vitrine/sdk';

if (typeof globalThis.gc !== 'function') {
  throw new Error('run with node --expose-gc');
}
const clients = Number(process.argv[2] ?? 4000);
const tabSync = process.argv[3] === 'tabSync';

const farFuture = 4_102_444_800;
const cart = JSON.stringify({
  cart: {
    id: 'cart-1',
    lineItems: [{ id: 'line-1', quantity: 1, productName: { original: 'Mug' } }],
  },
});
const products = JSON.stringify({
  products: [{ id: 'p1', name: 'Mug' }],
  metadata: { count: 1, offset: 0, total: 1 },
});
// The platform, answered in process so sockets and a server's own memory stay out of the figure.
const fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = url.pathname.startsWith('/ecom/') ? cart : products;
  return new Response(body, { headers: { 'content-type': 'application/json' } });
};

async function oneRequest(index) {
  const store = createStoreClient({
    clientId: 'bench-client',
    baseUrl: 'http://127.0.0.1:1',
    fetch,
    tabSync,
    tokens: {
      accessToken: { value: `at_${index}`, expiresAt: farFuture },
      refreshToken: { value: `rt_${index}`, role: 'visitor' },
    },
  });
  await store.cartStore.load();
  await store.products.query({ paging: { limit: 1 } });
  store.dispose();
}

// Collects until the heap stops shrinking. Between collections the event loop turns, so
// FinalizationRegistry callbacks run (Node's fetch removes a request's abort listener in one).
async function settledHeap() {
  let heap = Infinity;
  for (let round = 0; round < 20; round++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = process.memoryUsage().heapUsed;
    if (now >= heap) break;
    heap = now;
  }
  return heap;
}

// Warm up: code, JIT and module-level caches are loaded once per process, not per client.
for (let i = 0; i < 200; i++) await oneRequest(i);
const before = await settledHeap();
for (let i = 0; i < clients; i++) await oneRequest(i);
const after = await settledHeap();
console.log(
  JSON.stringify({ clients, tabSync, before, after, perClient: (after - before) / clients }),
);
