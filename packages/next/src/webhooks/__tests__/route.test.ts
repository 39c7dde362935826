/**
 * The webhook route against events the emulator signs and posts (on port 0, to a receiver on
 * port 0): a genuine event expires exactly its tags, a replay of it (as sent, or re-encoded so its
 * bytes differ) expires nothing, and whatever is not a current, bounded, genuine event is refused
 * without expiring anything. `next/cache` is the boundary: its calls are recorded.
 */
import { STORES_APP_ID, startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endlessStream } from '../../shared/__tests__/endless-stream.js';
import { webhookReceiver } from './receiver.js';

const expired = vi.hoisted(() => [] as { tag: string; profile: unknown }[]);

vi.mock('next/cache', () => ({
  revalidateTag: (tag: string, profile: unknown) => expired.push({ tag, profile }),
  updateTag: (tag: string) => expired.push({ tag, profile: 'updateTag' }),
}));

const { createWebhookRoute } = await import('../route.js');

const receiver = webhookReceiver();
const { received } = receiver;
let emulator: Emulator;
let publicKey: string;

beforeAll(async () => {
  await receiver.listen();
  emulator = await startEmulator({ port: 0, webhookUrl: receiver.url('/api/webhooks') });
  publicKey = await emulator.webhookPublicKey();
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(() => {
  expired.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

/** Calls the emulator as the app holding the API key (which causes catalog events). */
async function admin(
  method: string,
  path: string,
  body: unknown,
): Promise<{ product: { id: string } }> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: emulator.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { product: { id: string } };
}

/** The next `count` events the emulator posted (signed JWTs, as the receiver got them). */
async function delivered(count: number): Promise<string[]> {
  for (let i = 0; i < 250 && received.length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(received).toHaveLength(count);
  return received.splice(0);
}

/** A new product's id and its `productCreated` event. */
async function newProduct(name: string): Promise<{ id: string; event: string }> {
  const { product } = await admin('POST', '/stores/v1/products', {
    product: { name, priceData: { price: 5 } },
  });
  const [event] = await delivered(1);
  return { id: product.id, event: event! };
}

/** The `productChanged` event of renaming product `id`. */
async function renamed(id: string, name: string): Promise<string> {
  await admin('PATCH', `/stores/v1/products/${id}`, { product: { name } });
  const [event] = await delivered(1);
  return event!;
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  // `duplex` is not in TypeScript's RequestInit yet; a streamed body needs it.
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
  };
  return new Request('http://127.0.0.1/api/webhooks', init);
}

const ANY_CHANGE = 'vitrine:catalog:any-change';

function renameTags(id: string) {
  return [
    { tag: ANY_CHANGE, profile: { expire: 0 } },
    { tag: `vitrine:product:${id}`, profile: { expire: 0 } },
    { tag: 'vitrine:products:by:lastUpdated', profile: { expire: 0 } },
    // Lists sorted or filtered by name.
    { tag: 'vitrine:products:by:name', profile: { expire: 0 } },
  ];
}

describe('webhooks/route', () => {
  describe('createWebhookRoute().POST', () => {
    it('expires exactly the tags of a genuine event, at once', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { id, event: created } = await newProduct('Hooked');
      const response = await POST(post(created));
      expect(response.status).toBe(204);
      expect(expired).toEqual([
        { tag: ANY_CHANGE, profile: { expire: 0 } },
        { tag: 'vitrine:products', profile: { expire: 0 } },
      ]);
      expired.length = 0;
      expect((await POST(post(await renamed(id, 'Hooked 2')))).status).toBe(204);
      expect(expired).toEqual(renameTags(id));
    });

    it('reads the public key from VITRINE_WEBHOOK_PUBLIC_KEY at each request', async () => {
      const { POST } = createWebhookRoute();
      const { id, event } = await newProduct('From env');
      vi.stubEnv('VITRINE_WEBHOOK_PUBLIC_KEY', '');
      expect((await POST(post(event))).status).toBe(503);
      expect(expired).toEqual([]);
      vi.stubEnv('VITRINE_WEBHOOK_PUBLIC_KEY', publicKey);
      try {
        expect((await POST(post(await renamed(id, 'From env 2')))).status).toBe(204);
      } finally {
        vi.unstubAllEnvs();
      }
      expect(expired).toEqual(renameTags(id));
    });

    it('expires both of two different genuine events', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const first = await newProduct('First');
      const second = await newProduct('Second');
      expect((await POST(post(await renamed(first.id, 'First 2')))).status).toBe(204);
      expect((await POST(post(await renamed(second.id, 'Second 2')))).status).toBe(204);
      expect(expired).toEqual([...renameTags(first.id), ...renameTags(second.id)]);
    });

    it('expires nothing when the same event is replayed within its five minutes', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { id } = await newProduct('Replayed');
      const event = await renamed(id, 'Replayed 2');
      expect((await POST(post(event))).status).toBe(204);
      expect(expired).toEqual(renameTags(id));
      expired.length = 0;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 240_000 });
      // A replay is answered as the original was, so the sender does not retry it.
      expect((await POST(post(event))).status).toBe(204);
      expect(expired).toEqual([]);
    });

    it('expires once for the same event delivered several times at once', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { id } = await newProduct('Parallel');
      const event = await renamed(id, 'Parallel 2');
      const answers = await Promise.all(Array.from({ length: 5 }, () => POST(post(event))));
      expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204]);
      expect(expired).toEqual(renameTags(id));
    });

    it('expires nothing when a replay is re-encoded (padded, or its signature spelt differently)', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { id } = await newProduct('Re-encoded');
      const event = await renamed(id, 'Re-encoded 2');
      expect((await POST(post(event))).status).toBe(204);
      expect(expired).toEqual(renameTags(id));
      expired.length = 0;
      // The last character of an RS256 signature carries 4 unused bits: changing them leaves the
      // same signature (and a token that still verifies), but other bytes.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const respelt = event.slice(0, -1) + alphabet[alphabet.indexOf(event.at(-1)!) ^ 1]!;
      for (const replay of [`${event}\n`, ` ${event}`, respelt]) {
        expect((await POST(post(replay))).status).toBe(204);
      }
      expect(expired).toEqual([]);
    });

    it('refuses an event older than its five minutes (401) and expires nothing', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { event } = await newProduct('Stale');
      // Past 300 s and the 30 s of clock skew tolerated.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 331_000 });
      expect((await POST(post(event))).status).toBe(401);
      expect(expired).toEqual([]);
    });

    it('takes an event just within a shorter maxAgeSeconds, and refuses it just past', async () => {
      const { POST } = createWebhookRoute({ publicKey, maxAgeSeconds: 60 });
      const { id, event } = await newProduct('Short-lived');
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start + 92_000 });
      expect((await POST(post(event))).status).toBe(401);
      vi.setSystemTime(start + 50_000);
      expect((await POST(post(await renamed(id, 'Short-lived 2')))).status).toBe(204);
      expect(expired).toEqual(renameTags(id));
    });

    it('refuses a forged event (signed by another key, or altered) with 401 and expires nothing', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { id, event } = await newProduct('Forged');
      const [header, payload, signature] = event.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
        data: string;
      };
      const altered = Buffer.from(
        JSON.stringify({ ...claims, data: claims.data.replace(id, 'p-other') }),
      ).toString('base64url');
      for (const body of [
        `${header}.${altered}.${signature}`,
        `${header}.${payload}.${signature.slice(0, -8)}AAAAAAAA`,
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      ]) {
        expect((await POST(post(body))).status).toBe(401);
      }
      // And an event of another store (its key differs): a route keyed to it refuses ours.
      const foreign = createWebhookRoute({ publicKey: await otherKey() });
      expect((await foreign.POST(post(event))).status).toBe(401);
      expect(expired).toEqual([]);
    });

    it('refuses a body that is not an event (401): JSON, empty, a token of no platform envelope', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { event } = await newProduct('Content');
      const [header, , signature] = event.split('.') as [string, string, string];
      const bodies = [
        JSON.stringify({ eventType: 'wix.stores.catalog.v1.product_changed', productId: 'p1' }),
        '',
        'not.a.jwt',
        `${header}.${Buffer.from('{"data":"{}"}').toString('base64url')}.${signature}`,
      ];
      for (const body of bodies) {
        expect((await POST(post(body, { 'content-type': 'application/json' }))).status).toBe(401);
      }
      expect(expired).toEqual([]);
    });

    it('refuses a body past maxBodyBytes (401) unread, even a genuine event padded past it', async () => {
      const { POST } = createWebhookRoute({ publicKey, maxBodyBytes: 4096 });
      const { event } = await newProduct('Oversized');
      const padded = `${event}${' '.repeat(4097 - event.length)}`;
      expect((await POST(post(padded))).status).toBe(401);
      // Endless and not announced: read no further than the bound, then refused. (Past a guard
      // far beyond the bound, the stream fails naming the broken cap: never a hung suite.)
      const endless = () => endlessStream({ chunkBytes: 1024, guardBytes: 1024 * 1024 });
      const unannounced = endless();
      expect((await POST(post(unannounced.stream))).status).toBe(401);
      expect(unannounced.overran, 'the route read past maxBodyBytes').toBe(false);
      expect(unannounced.pulled).toBeLessThanOrEqual(8);
      // Announced by its length: refused before its body is read.
      const announced = endless();
      const request = post(announced.stream, { 'content-length': String(10 * 1024 * 1024) });
      expect((await POST(request)).status).toBe(401);
      expect(announced.pulled).toBeLessThanOrEqual(1);
      expect(expired).toEqual([]);
      // The same event within the bound is taken.
      expect((await POST(post(event))).status).toBe(204);
      expect(expired.length).toBeGreaterThan(0);
    });

    it('refuses with 401 a body over the default 1 MiB', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const { event } = await newProduct('Megabyte');
      const padded = `${event}${' '.repeat(1_048_577 - event.length)}`;
      expect((await POST(post(padded))).status).toBe(401);
      expect(expired).toEqual([]);
    });

    it('answers 503 and expires nothing while no public key is set', async () => {
      vi.stubEnv('VITRINE_WEBHOOK_PUBLIC_KEY', '  ');
      try {
        const { POST } = createWebhookRoute();
        const { event } = await newProduct('No key');
        const response = await POST(post(event));
        expect(response.status).toBe(503);
        expect(await response.text()).toBe('VITRINE_WEBHOOK_PUBLIC_KEY is not set');
      } finally {
        vi.unstubAllEnvs();
      }
      expect(expired).toEqual([]);
    });

    it('takes a cart event (204) and expires nothing: carts are never in a shared cache', async () => {
      const { POST } = createWebhookRoute({ publicKey });
      const grant = await fetch(`${emulator.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: emulator.clientId, grantType: 'anonymous' }),
      });
      const { access_token: token } = (await grant.json()) as { access_token: string };
      const { id } = await newProduct('Carted');
      const cart = await fetch(`${emulator.url}/ecom/v1/carts/current/add-to-cart`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({
          lineItems: [
            {
              quantity: 1,
              catalogReference: { catalogItemId: id, appId: STORES_APP_ID },
            },
          ],
        }),
      });
      expect(cart.status).toBe(200);
      // One event of each cart the platform serves: Cart V1's and Cart V2's.
      for (const event of await delivered(2)) {
        expect((await POST(post(event))).status).toBe(204);
      }
      expect(expired).toEqual([]);
    });
  });
});

async function otherKey(): Promise<string> {
  const other = await startEmulator({ port: 0 });
  try {
    return await other.webhookPublicKey();
  } finally {
    await other.close();
  }
}
