/**
 * No request can point the shop's server at an address of its choosing (the SSRF of issue 25).
 * Next.js lets anyone invoke a server function (a `'use server'` action, and a `'use cache'`
 * function, which it registers as one) by POSTing to a page with the `Next-Action: <id>` header
 * and the arguments as the body. This file reads every id of the built shop from Next's
 * server-reference manifest and invokes each with arguments that carry a listener's address (as
 * a store config, as the first string argument, in a form's fields, and as a form post without
 * scripts), from a request that also names that listener as its host; the listener must see no
 * request at all.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useShop } from './harness';

const shop = useShop();
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One server function of the build: its id, where it is defined, and the pages that hold it. */
interface ServerFunction {
  id: string;
  name: string;
  file: string;
  pages: string[];
}

/** Every server function of the built shop, from `.next/server/server-reference-manifest.json`. */
function serverFunctions(): ServerFunction[] {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, '.next', 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as {
    node: Record<
      string,
      { workers: Record<string, unknown>; filename: string; exportedName: string }
    >;
    edge: Record<string, unknown>;
  };
  // The shop runs on Node only: an edge function would be one this file does not invoke.
  expect(Object.keys(manifest.edge)).toEqual([]);
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    name: entry.exportedName,
    file: entry.filename,
    pages: Object.keys(entry.workers),
  }));
}

/** A page of the shop served by a worker of the build (its route, with a real slug). */
const PAGE_OF: Record<string, string> = {
  'app/page': '/',
  'app/products/[slug]/page': '/products/classic-crew-tee',
  'app/collections/[slug]/page': '/collections/apparel',
  'app/search/page': '/search?q=tee',
  'app/cart/page': '/cart',
  'app/account/page': '/account',
  'app/account/sign-in/page': '/account/sign-in',
  'app/callback/page': '/callback',
  'app/order-confirmation/page': '/order-confirmation',
};

/** A listener on a port of its own that counts every connection and request it gets. */
interface Attacker {
  origin: string;
  hits(): number;
  seen: string[];
  server: Server;
}

async function startAttacker(): Promise<Attacker> {
  const seen: string[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.end('{}');
  });
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, hits: () => connections, seen, server };
}

/**
 * The ways a request hands a server function its arguments, each carrying `address`: a store
 * config in the first two places, the address (or its host, as a careless path join would take
 * it) as every string argument, a form whose every field is the address (the client's encoding
 * of `(state, formData)`), and the same form posted without scripts (`$ACTION_ID_`, no header).
 */
function attacks(id: string, address: string): { variant: string; init: RequestInit }[] {
  const host = address.replace(/^http:\/\//, '');
  const config = {
    baseUrl: address,
    apiUrl: address,
    siteUrl: address,
    url: address,
    host,
    origin: address,
    clientId: 'attacker-client',
    accessToken: 'attacker-token',
    apiKey: 'attacker-key',
    filter: { slug: 'classic-crew-tee' },
    paging: { limit: 1 },
  };
  const fields = [
    'baseUrl',
    'url',
    'returnTo',
    'productId',
    'variantId',
    'lineItemId',
    'quantity',
    'code',
    'email',
    'password',
    'slug',
    'id',
  ];
  const form = (prefix: string) => {
    const body = new FormData();
    for (const field of fields) body.append(`${prefix}${field}`, address);
    return body;
  };
  const withReply = form('1_');
  withReply.append('0', JSON.stringify([config, '$K1']));
  const withoutScripts = form('');
  withoutScripts.append(`$ACTION_ID_${id}`, '');
  const text = { 'content-type': 'text/plain;charset=UTF-8', 'next-action': id };
  return [
    { variant: 'store config', init: { headers: text, body: JSON.stringify([config, config]) } },
    {
      variant: 'address strings',
      init: { headers: text, body: JSON.stringify([address, address, address]) },
    },
    {
      // A slug or an id that a careless path join would turn into another host.
      variant: 'host-like strings',
      init: { headers: text, body: JSON.stringify([`//${host}/`, `@${host}`, host]) },
    },
    { variant: 'form fields', init: { headers: { 'next-action': id }, body: withReply } },
    { variant: 'form post without scripts', init: { body: withoutScripts } },
  ];
}

describe('server functions', () => {
  let attacker: Attacker;
  beforeAll(async () => {
    attacker = await startAttacker();
  });
  afterAll(async () => {
    attacker.server.closeAllConnections();
    attacker.server.close();
    await once(attacker.server, 'close');
  });

  it('invoked by id with a foreign address, none makes the server call it', async () => {
    const functions = serverFunctions();
    // Every catalog function and action of @vitrine/next is here, and nothing else is: a
    // function added anywhere in the shop (the example's own included) is invoked too.
    expect(functions.map(({ name }) => name).sort()).toEqual(
      [
        ...['addToCart', 'applyCoupon', 'checkout', 'removeCoupon', 'removeLine'],
        ...['signIn', 'signOut', 'updateLineQuantity'],
        ...[0, 1, 2, 3, 4].map((n) => `$$RSC_SERVER_CACHE_${n}`),
      ].sort(),
    );
    const cached = functions.filter(({ name }) => name.startsWith('$$RSC_SERVER_CACHE_'));
    expect(new Set(cached.map(({ file }) => file))).toEqual(
      new Set(['packages/next/dist/catalog/cached.js']),
    );

    const reached: string[] = [];
    const answered = new Set<string>();
    const platformCallsBefore = shop.requests().length;
    for (const fn of functions) {
      const path = fn.pages.map((page) => PAGE_OF[page]).find((known) => known !== undefined);
      expect(path, `no page of the shop holds ${fn.name}: ${fn.pages.join(', ')}`).toBeDefined();
      for (const { variant, init } of attacks(fn.id, attacker.origin)) {
        const before = attacker.hits();
        const response = await fetch(shop.url(path), {
          ...init,
          method: 'POST',
          // The request also names the attacker as its host (with an origin to match, as
          // Next.js checks a server action's origin against the host).
          headers: {
            ...(init.headers as Record<string, string> | undefined),
            origin: attacker.origin,
            'x-forwarded-host': attacker.origin.replace('http://', ''),
          },
          redirect: 'manual',
        });
        // A function's own answer (not a page) starts the reply: it ran with these arguments.
        if ((await response.text()).startsWith('0:{"a":')) answered.add(fn.name);
        // Next.js found the function (an unknown id is answered otherwise: see below).
        expect(response.headers.get('x-nextjs-action-not-found'), `${fn.name}, ${variant}`).toBe(
          null,
        );
        if (attacker.hits() > before) reached.push(`${fn.name} (${fn.file}), ${variant}`);
      }
    }
    // What runs after a response (`after()`) has had its moment.
    await new Promise((done) => setTimeout(done, 300));
    expect(reached).toEqual([]);
    expect(attacker.seen).toEqual([]);
    expect(attacker.hits()).toBe(0);
    // The functions ran: every cached one answered one of the attempts, and they called the
    // store (the emulator) instead.
    for (const { name } of cached) {
      expect(answered, name).toContain(name);
    }
    expect(shop.requests().length).toBeGreaterThan(platformCallsBefore);
  });

  // Issue 36: `signIn` and `signOut` invoked with a text answered 500 (`a.get is not a
  // function`), the cached catalog functions with bad arguments too (`StoreArgumentError`), and
  // a field of 1 MB in any action (Next's body limit).
  it('invoked by id with arguments of a request’s choosing, none answers 500; 1 MB answers 413', async () => {
    const text = (id: string, body: string) => ({
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'next-action': id },
      body,
    });
    const answered: string[] = [];
    for (const fn of serverFunctions()) {
      const path = fn.pages.map((page) => PAGE_OF[page]).find((known) => known !== undefined)!;
      const huge = new FormData();
      huge.append('1_returnTo', 'x'.repeat(1024 * 1024));
      huge.append('0', '["$K1"]');
      const attempts: [string, RequestInit, number?][] = [
        ['a text', text(fn.id, '["not a form", "nor this"]')],
        ['nothing', text(fn.id, '[]')],
        ['null', text(fn.id, '[null, null]')],
        ['a list', text(fn.id, '[[1, 2], [3]]')],
        ['an object with get', text(fn.id, '[{"get": "x"}, {"get": "x"}]')],
        ['a query out of bounds', text(fn.id, '[{"paging": {"limit": 100000}}]')],
        ['a number', text(fn.id, '[123456]')],
        ['an empty slug', text(fn.id, '[""]')],
        ['a field of 1 MB', { headers: { 'next-action': fn.id }, body: huge }, 413],
      ];
      for (const [variant, init, expected] of attempts) {
        const response = await fetch(shop.url(path), {
          ...init,
          method: 'POST',
          headers: { ...(init.headers as Record<string, string>), origin: shop.origin },
          redirect: 'manual',
        });
        await response.arrayBuffer();
        if (response.status >= 500 || (expected !== undefined && response.status !== expected)) {
          answered.push(`${fn.name}, ${variant}: ${response.status}`);
        }
      }
    }
    expect(answered).toEqual([]);
  });

  it('an unknown id is answered as not found (so a known one above was found)', async () => {
    const response = await fetch(shop.url('/'), {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'next-action': '7f'.padEnd(42, '0'),
        origin: shop.origin,
      },
      body: '[]',
    });
    await response.arrayBuffer();
    expect(response.headers.get('x-nextjs-action-not-found')).toBe('1');
  });
});
