/**
 * Roles against the merchant-side calls: every catalog write, bulk change and `sign-on` refuses
 * no credential (401), visitor and member tokens, `authorized_client` tokens included (403, and
 * nothing changes), and accepts the API key. `openWrites` opens them to any token.
 */
import { describe, expect, it } from 'vitest';
import type { Emulator } from '../index.js';
import { routesOf } from '../server.js';
import { call, member, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';

interface Targets {
  productId: string;
  collectionId: string;
}

interface Row {
  method: string;
  /** The route pattern, as the app registers it. */
  route: string;
  path: (t: Targets) => string;
  body?: (t: Targets) => unknown;
}

const product = (name: string) => ({ product: { name, priceData: { price: 5 } } });
const sizeMedia = { media: [{ option: 'Size', choice: 'S', mediaIds: [] }] };

const ROWS: Row[] = [
  {
    method: 'POST',
    route: '/stores/v1/products',
    path: () => '/stores/v1/products',
    body: () => product('Roles Mug'),
  },
  {
    method: 'PATCH',
    route: '/stores/v1/products/:id',
    path: (t) => `/stores/v1/products/${t.productId}`,
    body: () => ({ product: { name: 'Renamed' } }),
  },
  {
    method: 'DELETE',
    route: '/stores/v1/products/:id',
    path: (t) => `/stores/v1/products/${t.productId}`,
  },
  {
    method: 'PATCH',
    route: '/stores/v1/products/:id/variants',
    path: (t) => `/stores/v1/products/${t.productId}/variants`,
    body: () => ({ variants: [{ choices: { Size: 'S' }, price: 7 }] }),
  },
  {
    method: 'POST',
    route: '/stores/v1/products/:id/variants/resetToDefault',
    path: (t) => `/stores/v1/products/${t.productId}/variants/resetToDefault`,
    body: () => ({}),
  },
  {
    method: 'POST',
    route: '/stores/v1/collections/:id/productIds',
    path: (t) => `/stores/v1/collections/${t.collectionId}/productIds`,
    body: (t) => ({ productIds: [t.productId] }),
  },
  {
    method: 'POST',
    route: '/stores/v1/collections/:id/productIds/delete',
    path: (t) => `/stores/v1/collections/${t.collectionId}/productIds/delete`,
    body: (t) => ({ productIds: [t.productId] }),
  },
  {
    method: 'POST',
    route: '/stores/v1/products/:id/media',
    path: (t) => `/stores/v1/products/${t.productId}/media`,
    body: () => ({ media: [{ url: 'https://example.com/a.png' }] }),
  },
  {
    method: 'POST',
    route: '/stores/v1/products/:id/media/delete',
    path: (t) => `/stores/v1/products/${t.productId}/media/delete`,
    body: () => ({ mediaIds: [] }),
  },
  {
    method: 'PATCH',
    route: '/stores/v1/products/:id/choices/media',
    path: (t) => `/stores/v1/products/${t.productId}/choices/media`,
    body: () => sizeMedia,
  },
  {
    method: 'POST',
    route: '/stores/v1/products/:id/choices/media/delete',
    path: (t) => `/stores/v1/products/${t.productId}/choices/media/delete`,
    body: () => sizeMedia,
  },
  {
    method: 'DELETE',
    route: '/stores/v1/products/:id/options',
    path: (t) => `/stores/v1/products/${t.productId}/options`,
  },
  {
    method: 'POST',
    route: '/stores/v1/products/:id/remove-brand',
    path: (t) => `/stores/v1/products/${t.productId}/remove-brand`,
    body: () => ({}),
  },
  {
    method: 'POST',
    route: '/stores/v1/products/:id/remove-ribbon',
    path: (t) => `/stores/v1/products/${t.productId}/remove-ribbon`,
    body: () => ({}),
  },
  {
    method: 'POST',
    route: '/stores/v1/collections',
    path: () => '/stores/v1/collections',
    body: () => ({ collection: { name: 'Roles' } }),
  },
  {
    method: 'PATCH',
    route: '/stores/v1/collections/:id',
    path: (t) => `/stores/v1/collections/${t.collectionId}`,
    body: () => ({ collection: { name: 'Roles 2' } }),
  },
  {
    method: 'DELETE',
    route: '/stores/v1/collections/:id',
    path: (t) => `/stores/v1/collections/${t.collectionId}`,
  },
  {
    method: 'POST',
    route: '/stores/v1/bulk/products/update',
    path: () => '/stores/v1/bulk/products/update',
    body: (t) => ({ ids: [t.productId], set: { price: 9 } }),
  },
  {
    method: 'POST',
    route: '/stores/v1/bulk/products/adjust-properties',
    path: () => '/stores/v1/bulk/products/adjust-properties',
    body: (t) => ({ ids: [t.productId], adjust: { price: { amount: 1 } } }),
  },
  {
    method: 'POST',
    route: '/stores/v2/products-platformized',
    path: () => '/stores/v2/products-platformized',
    body: () => product('Roles Plate'),
  },
  {
    method: 'PATCH',
    route: '/stores/v2/products-platformized/:id',
    path: (t) => `/stores/v2/products-platformized/${t.productId}`,
    body: () => ({ product: { name: 'Plate 2' } }),
  },
  {
    method: 'DELETE',
    route: '/stores/v2/products-platformized/:id',
    path: (t) => `/stores/v2/products-platformized/${t.productId}`,
  },
  {
    method: 'POST',
    route: '/_api/iam/authentication/v2/sign-on',
    path: () => '/_api/iam/authentication/v2/sign-on',
    body: () => ({ loginId: { email: 'signed-on@example.com' } }),
  },
];

/** A product with a Size option and a collection of its own, made with the API key. */
async function targets(emu: Emulator): Promise<Targets> {
  const created = await call(emu, 'POST', '/stores/v1/products', {
    token: emu.apiKey,
    body: {
      product: {
        name: 'Target',
        priceData: { price: 10 },
        brand: 'B',
        ribbon: 'R',
        productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
      },
    },
  });
  const collection = await call(emu, 'POST', '/stores/v1/collections', {
    token: emu.apiKey,
    body: { collection: { name: 'Target collection' } },
  });
  return { productId: created.body.product.id, collectionId: collection.body.collection.id };
}

function send(emu: Emulator, row: Row, t: Targets, token: string | undefined) {
  const body = row.body?.(t);
  return call(emu, row.method, row.path(t), { token, ...(body !== undefined ? { body } : {}) });
}

function code(body: Json): string | undefined {
  return body?.details?.applicationError?.code;
}

describe('roles', () => {
  it('covers every merchant-side route', async () => {
    const emu = await start();
    const merchantRoutes = routesOf(emu)
      .filter((r) => r.path.startsWith('/stores/') || r.path.endsWith('/sign-on'))
      // The catalog version is a read any credential makes (catalog-v3.test.ts).
      .filter((r) => r.path !== '/stores/v3/provision/version')
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(merchantRoutes)).toEqual(new Set(ROWS.map((r) => `${r.method} ${r.route}`)));
  });

  describe('visitor, member and authorized_client tokens', () => {
    it.each(ROWS.map((r) => [`${r.method} ${r.route}`, r] as const))(
      '%s refuses them with 403 and changes nothing; no credential gets 401',
      async (_name, row) => {
        const emu = await start();
        const t = await targets(emu);
        const shopper = (await visitor(emu)).access_token;
        const signedIn = await member(emu, 'roles@example.com');
        const external = await call(emu, 'POST', '/oauth2/token', {
          body: {
            grant_type: 'authorized_client',
            scope: 'offline_access',
            member_id: signedIn.memberId,
          },
          headers: { authorization: `${shopper},${emu.apiKey}` },
        });
        expect(external.status).toBe(200);
        const before = JSON.stringify(emu.dumpState());
        for (const token of [shopper, signedIn.access_token, external.body.access_token]) {
          const reply = await send(emu, row, t, token);
          expect([reply.status, code(reply.body)]).toEqual([403, 'PERMISSION_DENIED']);
        }
        const anonymous = await send(emu, row, t, undefined);
        expect([anonymous.status, code(anonymous.body)]).toEqual([401, 'UNAUTHORIZED']);
        expect(JSON.stringify(emu.dumpState())).toBe(before);
      },
    );
  });

  describe('the API key', () => {
    it.each(ROWS.map((r) => [`${r.method} ${r.route}`, r] as const))(
      '%s accepts it',
      async (_name, row) => {
        const emu = await start();
        const t = await targets(emu);
        const reply = await send(emu, row, t, emu.apiKey);
        expect(reply.status).toBe(200);
      },
    );
  });

  describe('openWrites', () => {
    it.each(ROWS.map((r) => [`${r.method} ${r.route}`, r] as const))(
      '%s accepts a visitor token when writes are open',
      async (_name, row) => {
        const emu = await start({ openWrites: true });
        const t = await targets(emu);
        const reply = await send(emu, row, t, (await visitor(emu)).access_token);
        expect(reply.status).toBe(200);
      },
    );
  });
});
