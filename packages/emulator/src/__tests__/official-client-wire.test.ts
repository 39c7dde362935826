/**
 * What the platform's official client sends that our own SDK does not, each accepted for a valid
 * call and still refused when it is truly wrong: path parameters repeated in the query or the
 * body, the `<access token>,<api key>` credential of its external sign-on and that grant's
 * session token, and the header names its browser requests ask CORS for. The whole client runs
 * against the emulator in tests/official-client; these pin each acceptance at the wire.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './helpers.js';
import { call, register, simpleProduct, start, visitor } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

const fields = (reply: { body: Json }): string[] =>
  reply.body?.details?.validationError?.fieldViolations?.map((v: Json) => v.field) ?? [];

describe('what the official client sends', () => {
  let emu: Emu;
  let token: string;

  beforeAll(async () => {
    emu = await start();
    token = (await visitor(emu)).access_token;
  });

  describe('a path parameter repeated in the query', () => {
    it.each([
      ['GET /v2/collections/slug/{slug}?slug=', '/v2/collections/slug/apparel?slug=apparel'],
      [
        'GET /stores-reader/v1/collections/slug/{slug}?slug=',
        '/stores-reader/v1/collections/slug/apparel?slug=apparel',
      ],
    ])('is accepted when it says what the path says: %s', async (_name, path) => {
      const reply = await call(emu, 'GET', path, { token });
      expect(reply.status).toBe(200);
      expect(reply.body.collection.slug).toBe('apparel');
    });

    it('is accepted beside a declared parameter, percent-encoded alike (GET product ?id=&includeMerchantSpecificData=)', async () => {
      const product = await simpleProduct(emu, token);
      const reply = await call(
        emu,
        'GET',
        `/stores-reader/v1/products/${product.id}?id=${product.id}&includeMerchantSpecificData=true`,
        { token: emu.apiKey },
      );
      expect(reply.status).toBe(200);
      expect(reply.body.product.id).toBe(product.id);
      const spaced = await call(emu, 'GET', '/v2/collections/slug/no%20such?slug=no+such', {
        token,
      });
      expect(spaced.status).toBe(404);
    });

    it('on a DELETE too, which then deletes (DELETE /stores/v1/products/{id}?id=)', async () => {
      const product = await simpleProduct(emu, token);
      const path = `/stores/v1/products/${product.id}?id=${product.id}`;
      expect((await call(emu, 'DELETE', path, { token: emu.apiKey })).status).toBe(200);
      const gone = await call(emu, 'GET', `/stores-reader/v1/products/${product.id}`, { token });
      expect(gone.status).toBe(404);
    });

    it('is refused, naming it, when it names another entity than the path', async () => {
      const reply = await call(emu, 'GET', '/v2/collections/slug/apparel?slug=outdoor', {
        token,
      });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toEqual(['slug']);
      expect(reply.body.message).toContain('must be the same as the path parameter');
    });

    it('names the path parameters of the route that answers, not of another pattern the path fits', async () => {
      // `/v2/collections/query` also fits `/v2/collections/{id}`, whose `id` would be `query`.
      const reply = await call(emu, 'GET', '/v2/collections/query?id=query', { token });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toEqual(['id']);
    });

    it('does not open the query to other names', async () => {
      const reply = await call(emu, 'GET', '/v2/collections/slug/apparel?slugs=apparel', {
        token,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.details.validationError.fieldViolations[0].violatedRule).toBe(
        'FIELD_NOT_ALLOWED',
      );
    });
  });

  describe('a path parameter repeated in the body', () => {
    it('is accepted when it says what the path says (POST remove-brand with {id})', async () => {
      const product = await simpleProduct(emu, token);
      const reply = await call(emu, 'POST', `/stores/v1/products/${product.id}/remove-brand`, {
        token: emu.apiKey,
        body: { id: product.id },
      });
      expect(reply.status).toBe(200);
    });

    it('is accepted beside the call’s own fields (POST productOptionsAvailability with {id, options})', async () => {
      const product = await simpleProduct(emu, token);
      const reply = await call(
        emu,
        'POST',
        `/stores-reader/v1/products/${product.id}/productOptionsAvailability`,
        { token, body: { id: product.id, options: {} } },
      );
      expect(reply.status).toBe(200);
      expect(reply.body.availableForPurchase).toBe(true);
    });

    it('is refused, naming it, when it differs from the path, and changes nothing', async () => {
      const product = await simpleProduct(emu, token);
      const before = JSON.stringify(emu.dumpState());
      const reply = await call(emu, 'POST', `/stores/v1/products/${product.id}/remove-ribbon`, {
        token: emu.apiKey,
        body: { id: 'another-product' },
      });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toEqual(['id']);
      expect(JSON.stringify(emu.dumpState())).toBe(before);
    });

    it('is refused when it is not a string like the path', async () => {
      const product = await simpleProduct(emu, token);
      const reply = await call(emu, 'POST', `/stores/v1/products/${product.id}/remove-ribbon`, {
        token: emu.apiKey,
        body: { id: { $ne: null } },
      });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toEqual(['id']);
    });

    it('leaves other unknown fields refused', async () => {
      const product = await simpleProduct(emu, token);
      const reply = await call(emu, 'POST', `/stores/v1/products/${product.id}/remove-ribbon`, {
        token: emu.apiKey,
        body: { id: product.id, productId: product.id },
      });
      expect(reply.status).toBe(400);
      expect(fields(reply)).toEqual(['productId']);
    });
  });

  describe('the credential "<access token>,<api key>"', () => {
    it('is the API key’s when both halves are valid (POST sign-on, as the external login sends it)', async () => {
      await register(emu, 'external@example.com');
      const reply = await call(emu, 'POST', '/_api/iam/authentication/v2/sign-on', {
        token: `${token},${emu.apiKey}`,
        body: { loginId: { email: 'external@example.com' } },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.sessionToken).toMatch(/^st_/);
    });

    it.each([
      ['an unknown token', () => `at_unknown,${emu.apiKey}`],
      ['a wrong API key', () => `${token},not-the-key`],
      ['an empty token', () => `,${emu.apiKey}`],
    ])('is refused with 401 for %s', async (_name, credential) => {
      const reply = await call(emu, 'POST', '/_api/iam/authentication/v2/sign-on', {
        token: credential(),
        body: { loginId: { email: 'external@example.com' } },
      });
      expect(reply.status).toBe(401);
      expect(reply.body.details.applicationError.code).toBe('UNAUTHORIZED');
      expect(reply.text).not.toContain(emu.apiKey);
    });
  });

  describe('the authorized_client grant with a sign-on session token', () => {
    const signOn = async (email: string) => {
      const { memberId } = await register(emu, email);
      const reply = await call(emu, 'POST', '/_api/iam/authentication/v2/sign-on', {
        token: emu.apiKey,
        body: { loginId: { email } },
      });
      return { memberId, sessionToken: reply.body.sessionToken as string };
    };
    const grant = (body: Record<string, string>) =>
      call(emu, 'POST', '/oauth2/token', {
        headers: { authorization: `${token},${emu.apiKey}` },
        body: { grant_type: 'authorized_client', ...body },
      });

    it('issues member tokens without a scope, as the official client asks', async () => {
      const { memberId, sessionToken } = await signOn('session@example.com');
      const reply = await grant({ member_id: memberId, session_token: sessionToken });
      expect(reply.status).toBe(200);
      expect(reply.body.access_token).toMatch(/^OauthNG\.JWS\./);
    });

    it('takes each session token once', async () => {
      const { memberId, sessionToken } = await signOn('once@example.com');
      await grant({ member_id: memberId, session_token: sessionToken });
      const again = await grant({ member_id: memberId, session_token: sessionToken });
      expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
    });

    it("refuses another member's session token", async () => {
      const { sessionToken } = await signOn('owner@example.com');
      const { memberId: other } = await register(emu, 'other@example.com');
      const reply = await grant({ member_id: other, session_token: sessionToken });
      expect([reply.status, reply.body.error]).toEqual([400, 'invalid_grant']);
    });

    it('still needs a scope without a session token', async () => {
      const { memberId } = await register(emu, 'noscope@example.com');
      const reply = await grant({ member_id: memberId });
      expect([reply.status, reply.body.error]).toEqual([400, 'invalid_request']);
    });
  });

  describe('CORS', () => {
    it('lets a browser send the headers the official client adds', async () => {
      const reply = await call(emu, 'OPTIONS', '/ecom/v1/carts/current', {
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'authorization,content-type,x-wix-bi-gateway,wix-site-id,x-wix-consistent',
        },
      });
      expect(reply.status).toBe(204);
      const allowed = (reply.headers.get('access-control-allow-headers') ?? '')
        .toLowerCase()
        .split(/,\s*/);
      for (const name of ['x-wix-bi-gateway', 'wix-site-id', 'wix-account-id', 'x-wix-consistent'])
        expect(allowed).toContain(name);
    });
  });
});
