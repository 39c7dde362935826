import { describe, expect, it } from 'vitest';
import { call, lineItem, register, simpleProduct, start, visitor } from './helpers.js';

/** Developer changes are sent deliberately: with the header a cross-site page cannot add. */
const DEV = { headers: { 'x-vitrine-emulator': '1' } };

describe('dev', () => {
  describe('GET /_emulator and /_emulator/outbox', () => {
    it('lists the endpoints and the outbox by recipient and kind; DELETE clears it', async () => {
      const emu = await start({ modes: { emailVerification: true } });
      const info = await call(emu, 'GET', '/_emulator');
      expect(info.body.clients[0].clientId).toBe('vitrine-local-client');
      await register(emu, 'mail@example.com');
      const box = await call(emu, 'GET', '/_emulator/outbox?to=mail@example.com&kind=verification');
      expect(box.body.messages).toHaveLength(1);
      expect(box.body.messages[0]).toMatchObject({
        to: 'mail@example.com',
        kind: 'verification',
        code: expect.stringMatching(/^\d{6}$/),
      });
      expect((await call(emu, 'GET', '/_emulator/outbox?kind=spam')).status).toBe(400);
      await call(emu, 'DELETE', '/_emulator/outbox', DEV);
      expect(emu.outbox.list()).toEqual([]);
    });
  });

  describe('POST /_emulator/reset', () => {
    it('restores the seeded state', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await call(emu, 'DELETE', `/stores/v1/products/${product.id}`, { token: emu.apiKey });
      await call(emu, 'POST', '/_emulator/reset', DEV);
      const fresh = await visitor(emu);
      expect(
        (
          await call(emu, 'GET', `/stores-reader/v1/products/${product.id}`, {
            token: fresh.access_token,
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: access_token })).status,
      ).toBe(401);
    });
  });

  describe('GET /_emulator/state', () => {
    it('dumps carts and members without any token or password hash', async () => {
      const emu = await start();
      const { access_token, refresh_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [lineItem(product.id)] },
      });
      await register(emu, 'dump@example.com', 'dump-password');
      const dump = await call(emu, 'GET', '/_emulator/state');
      expect(Object.keys(dump.body.carts)).toHaveLength(1);
      expect(dump.body.members[0].email.address).toBe('dump@example.com');
      expect(dump.body.counts.liveAccessTokens).toBeGreaterThan(0);
      for (const secret of [access_token, refresh_token, 'dump-password', 'scrypt$'])
        expect(dump.text).not.toContain(secret);
    });
  });

  describe('/_emulator/faults', () => {
    it('injects 429 with Retry-After, 503 and 401 on a path, a number of times', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const added = await call(emu, 'POST', '/_emulator/faults', {
        body: { path: '/v2/collections/query', status: 429, retryAfterSeconds: 7, times: 1 },
      });
      expect(added.body.fault.id).toBeTypeOf('string');
      const limited = await call(emu, 'GET', '/v2/collections/query', { token: access_token });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.body.details.applicationError.code).toBe('TOO_MANY_REQUESTS');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: access_token })).status,
      ).toBe(200);
      emu.injectFault({ path: '/stores-reader/*', status: 503 });
      expect(
        (
          await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
            token: access_token,
            body: {},
          })
        ).status,
      ).toBe(503);
      emu.injectFault({ path: '/ecom/v1/carts/current', method: 'GET', status: 401 });
      expect(
        (await call(emu, 'GET', '/ecom/v1/carts/current', { token: access_token })).status,
      ).toBe(401);
      expect((await call(emu, 'GET', '/_emulator/faults')).body.faults).toHaveLength(2);
      await call(emu, 'DELETE', '/_emulator/faults', DEV);
      expect(
        (
          await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
            token: access_token,
            body: {},
          })
        ).status,
      ).toBe(200);
    });

    it('adds latency', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const { fault } = (
        await call(emu, 'POST', '/_emulator/faults', {
          body: { path: '/v2/collections/query', latencyMs: 150 },
        })
      ).body;
      const started = performance.now();
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: access_token })).status,
      ).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect((await call(emu, 'DELETE', `/_emulator/faults/${fault.id}`, DEV)).status).toBe(200);
      expect((await call(emu, 'DELETE', `/_emulator/faults/${fault.id}`, DEV)).status).toBe(404);
    });

    it('refuses a bad fault', async () => {
      const emu = await start();
      expect(
        (await call(emu, 'POST', '/_emulator/faults', { body: { path: 'no-slash', status: 500 } }))
          .status,
      ).toBe(400);
    });
  });

  describe('/_emulator/modes and /_emulator/members', () => {
    it('switches modes and approves members over HTTP', async () => {
      const emu = await start();
      const modes = await call(emu, 'POST', '/_emulator/modes', { body: { ownerApproval: true } });
      expect(modes.body.modes).toEqual({
        emailVerification: false,
        ownerApproval: true,
        captchaRequired: false,
      });
      const { memberId, body } = await register(emu, 'wait@example.com');
      expect(body.state).toBe('REQUIRE_OWNER_APPROVAL');
      expect((await call(emu, 'POST', `/_emulator/members/${memberId}/approve`, DEV)).status).toBe(
        200,
      );
      expect((await call(emu, 'GET', '/_emulator/members')).body.members[0].status.name).toBe(
        'ACTIVE',
      );
      expect((await call(emu, 'POST', '/_emulator/members/nobody/approve', DEV)).status).toBe(404);
      expect(
        (await call(emu, 'POST', '/_emulator/members/wait@example.com/require-password-reset', DEV))
          .status,
      ).toBe(200);
    });
  });

  describe('every response', () => {
    it('carries x-wix-request-id, including errors and 404s in the platform shape', async () => {
      const emu = await start();
      const replies = await Promise.all([
        call(emu, 'GET', '/nowhere'),
        call(emu, 'GET', '/ecom/v1/carts/current'),
        call(emu, 'POST', '/oauth2/token', { body: {} }),
        call(emu, 'GET', '/_emulator/state'),
      ]);
      const ids = replies.map((r) => r.headers.get('x-wix-request-id'));
      expect(ids.every((id) => typeof id === 'string' && id.length > 10)).toBe(true);
      expect(new Set(ids).size).toBe(4);
      expect(replies[0].body.details.applicationError.code).toBe('NOT_FOUND');
    });

    it('allows a storefront on another localhost port through CORS', async () => {
      const emu = await start();
      const preflight = await call(emu, 'OPTIONS', '/ecom/v1/carts/current', {
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'authorization',
      );
      const error = await call(emu, 'GET', '/ecom/v1/carts/current', {
        headers: { origin: 'http://127.0.0.1:4173' },
      });
      expect(error.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
      expect(error.headers.get('access-control-expose-headers')).toContain('x-wix-request-id');
      const foreign = await call(emu, 'GET', '/ecom/v1/carts/current', {
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('POST /graphql/{apiVersion}', () => {
    it('answers a GraphQL error saying it is not emulated', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'POST', '/graphql/alpha', {
        token: access_token,
        body: { query: '{ products { id } }' },
      });
      expect(reply.body.errors[0].extensions.code).toBe('NOT_IMPLEMENTED');
      expect((await call(emu, 'POST', '/graphql/alpha', { body: { query: '{}' } })).status).toBe(
        401,
      );
    });
  });
});
