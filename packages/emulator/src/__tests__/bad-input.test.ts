/**
 * The bad-input table: every JSON endpoint against malformed JSON, non-object bodies, unknown
 * fields, a wrong content type and an oversized body, plus absurd values for the main calls.
 * Each answers 4xx in the platform's error shape naming the field, and state is untouched.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, lineItem, member, simpleProduct, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

describe('bad input', () => {
  let emu: Emu;
  let token: string;
  let memberToken: string;
  let productId: string;
  let collectionId: string;
  let endpoints: [string, string, string?][];

  beforeAll(async () => {
    emu = await start();
    token = (await visitor(emu)).access_token;
    memberToken = (await member(emu, 'bad@example.com')).access_token;
    const product = await simpleProduct(emu, token);
    productId = product.id as string;
    await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [lineItem(productId, 2)] },
    });
    collectionId = (await call(emu, 'POST', '/v2/collections/query', { token, body: {} })).body
      .collections[0].id;
    const p = `/stores/v1/products/${productId}`;
    endpoints = [
      ['POST', '/ecom/v1/carts/current/add-to-cart'],
      ['PATCH', '/ecom/v1/carts/current'],
      ['POST', '/ecom/v1/carts/current/remove-line-items'],
      ['POST', '/ecom/v1/carts/current/update-line-items-quantity'],
      ['POST', '/ecom/v1/carts/current/create-checkout'],
      ['POST', '/ecom/v1/carts/current/remove-coupon'],
      ['POST', '/ecom/v1/carts/current/estimate-totals'],
      ['POST', '/stores-reader/v1/products/query-platformized'],
      ['POST', '/v2/collections/query'],
      ['POST', '/stores-reader/v1/variants/query'],
      ['POST', `/stores-reader/v1/products/${productId}/productOptionsAvailability`],
      ['POST', `/stores-reader/v1/products/${productId}/variants/query`],
      ['POST', '/stores/v1/products'],
      ['PATCH', p],
      ['PATCH', `${p}/variants`],
      ['POST', `${p}/variants/resetToDefault`],
      ['POST', `${p}/media`],
      ['POST', `${p}/media/delete`],
      ['PATCH', `${p}/choices/media`],
      ['POST', `${p}/choices/media/delete`],
      ['POST', `${p}/remove-brand`],
      ['POST', `${p}/remove-ribbon`],
      ['POST', `/stores/v1/collections/${collectionId}/productIds`],
      ['POST', `/stores/v1/collections/${collectionId}/productIds/delete`],
      ['POST', '/stores/v1/collections'],
      ['PATCH', `/stores/v1/collections/${collectionId}`],
      ['POST', '/stores/v1/bulk/products/update'],
      ['POST', '/stores/v1/bulk/products/adjust-properties'],
      ['POST', '/stores/v2/products-platformized'],
      ['PATCH', `/stores/v2/products-platformized/${productId}`],
      ['POST', '/_api/iam/authentication/v1/register'],
      ['POST', '/_api/iam/authentication/v1/login'],
      ['POST', '/_api/iam/authentication/v2/register'],
      ['POST', '/_api/iam/authentication/v2/login'],
      ['POST', '/_api/iam/authentication/v2/change-password', 'member'],
      ['POST', '/_api/iam/authentication/v1/sso/login-with-token-params'],
      ['POST', '/_api/iam/authentication/v1/state/proceed'],
      ['POST', '/_api/iam/authentication/v2/sign-on'],
      ['POST', '/_api/iam/recovery/v1/send-email'],
      ['POST', '/_api/iam/recovery/v1/activation-email'],
      ['POST', '/_api/iam/recovery/v1/recover'],
      ['POST', '/_api/iam/verification/v1/start'],
      ['POST', '/_api/iam/verification/v1/auth/verify'],
      ['POST', '/_api/iam/verification/v1/auth/resend'],
      ['POST', '/_api/redirects-api/v1/redirect-session'],
      ['POST', '/graphql/alpha'],
      ['POST', '/_emulator/faults', 'none'],
      ['POST', '/_emulator/modes', 'none'],
    ];
  });

  const send = (
    method: string,
    path: string,
    who: string | undefined,
    raw: string,
    type = 'application/json',
  ) =>
    call(emu, method, path, {
      token:
        who === 'none'
          ? undefined
          : who === 'member'
            ? memberToken
            : path.startsWith('/stores/') || path.endsWith('/sign-on')
              ? emu.apiKey
              : token,
      raw,
      headers: { 'content-type': type },
    });

  const violationFields = (reply: { body: Json }): string[] =>
    reply.body?.details?.validationError?.fieldViolations?.map((v: { field: string }) => v.field) ??
    [];

  describe('every JSON endpoint', () => {
    it('answers 4xx naming the field, never 5xx, and leaves state untouched', async () => {
      const before = JSON.stringify(emu.dumpState());
      const problems: string[] = [];
      const big = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) });
      for (const [method, path, who] of endpoints) {
        const cases: [string, string, string, number, string | undefined][] = [
          ['malformed JSON', '{"a":', 'application/json', 400, 'body'],
          ['an array', '[1,2]', 'application/json', 400, 'body'],
          ['null', 'null', 'application/json', 400, 'body'],
          ['an unknown field', '{"zzzUnknown":1}', 'application/json', 400, 'zzzUnknown'],
          [
            'a __proto__ key',
            '{"__proto__":{"polluted":true}}',
            'application/json',
            400,
            '__proto__',
          ],
          ['a wrong content type', '{"a":1}', 'text/plain', 415, undefined],
          ['a body over 1 MB', big, 'application/json', 413, undefined],
        ];
        for (const [name, raw, type, expected, field] of cases) {
          // A developer change without a JSON type could come from another site's page.
          const status = path.startsWith('/_emulator/') && expected === 415 ? 403 : expected;
          const reply = await send(method, path, who, raw, type);
          const named = field === undefined || violationFields(reply).includes(field);
          const shaped = reply.body && typeof reply.body.message === 'string' && reply.body.details;
          if (reply.status !== status || !named || !shaped)
            problems.push(
              `${method} ${path} with ${name}: ${reply.status} ${reply.text.slice(0, 160)}`,
            );
        }
      }
      expect(problems).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(JSON.stringify(emu.dumpState())).toBe(before);
    });
  });

  describe('absurd and mistyped values', () => {
    it.each([
      [
        'POST',
        '/ecom/v1/carts/current/add-to-cart',
        () => ({ lineItems: [{ ...lineItem(productId), quantity: 1e308 }] }),
        'lineItems[0].quantity',
      ],
      [
        'POST',
        '/ecom/v1/carts/current/add-to-cart',
        () => ({ lineItems: [lineItem('x'.repeat(10_000))] }),
        'lineItems[0].catalogReference.catalogItemId',
      ],
      [
        'POST',
        '/ecom/v1/carts/current/add-to-cart',
        () => ({ lineItems: Array.from({ length: 101 }, () => lineItem(productId)) }),
        'lineItems',
      ],
      [
        'POST',
        '/ecom/v1/carts/current/add-to-cart',
        () => ({ lineItems: 'all of them' }),
        'lineItems',
      ],
      [
        'PATCH',
        '/ecom/v1/carts/current',
        () => ({ cartInfo: { buyerNote: 'x'.repeat(5000) } }),
        'cartInfo.buyerNote',
      ],
      [
        'PATCH',
        '/ecom/v1/carts/current',
        () => ({ merchantDiscounts: [{ percentage: 1e9 }] }),
        'merchantDiscounts[0].percentage',
      ],
      [
        'POST',
        '/ecom/v1/carts/current/estimate-totals',
        () => ({ shippingAddress: { geocode: { latitude: 1000, longitude: 0 } } }),
        'shippingAddress.geocode.latitude',
      ],
      [
        'POST',
        '/ecom/v1/carts/current/estimate-totals',
        () => ({ shippingAddress: { country: 'United States' } }),
        'shippingAddress.country',
      ],
      [
        'POST',
        '/stores/v1/products',
        () => ({ product: { name: 'x'.repeat(1000), priceData: { price: 1 } } }),
        'product.name',
      ],
      [
        'POST',
        '/stores/v1/products',
        () => ({ product: { name: 'N', priceData: { price: 'NaN' } } }),
        'product.priceData.price',
      ],
      [
        'POST',
        '/stores/v1/products',
        () => ({ product: { name: 'N', priceData: { price: 1 }, weight: 1e12 } }),
        'product.weight',
      ],
      [
        'POST',
        '/stores-reader/v1/products/query-platformized',
        () => ({ query: { paging: { offset: -1 } } }),
        'query.paging.offset',
      ],
      [
        'POST',
        '/stores-reader/v1/products/query-platformized',
        () => ({ query: { filter: JSON.parse('{"a":'.repeat(30) + '1' + '}'.repeat(30)) } }),
        'query.filter.a',
      ],
      [
        'POST',
        '/_api/iam/authentication/v2/register',
        () => ({ loginId: { email: `${'a'.repeat(400)}@x.com` }, password: 'pass-word' }),
        'loginId.email',
      ],
      [
        'POST',
        '/_api/iam/authentication/v2/register',
        () => ({ loginId: { email: 'ok@example.com' }, password: 'x'.repeat(101) }),
        'password',
      ],
      [
        'POST',
        '/_api/iam/authentication/v2/register',
        () => ({ loginId: { email: 'ok@example.com' }, password: 12345678 }),
        'password',
      ],
      [
        'POST',
        '/stores/v1/bulk/products/update',
        () => ({ ids: Array.from({ length: 101 }, (_, i) => String(i)), set: { price: 1 } }),
        'ids',
      ],
    ])('%s %s refuses an absurd value', async (method, path, body, field) => {
      const before = JSON.stringify(emu.dumpState());
      const credential = path.startsWith('/stores/') ? emu.apiKey : token;
      const reply = await call(emu, method, path, { token: credential, body: body() });
      expect(reply.status).toBe(400);
      expect(violationFields(reply).some((f) => f.startsWith(field))).toBe(true);
      expect(JSON.stringify(emu.dumpState())).toBe(before);
    });
  });

  describe('paths and queries', () => {
    it('answers malformed escapes and unknown ids with 4xx', async () => {
      for (const path of [
        '/stores-reader/v1/products/%E0%A4%A',
        '/v2/collections/%ZZ',
        '/stores-reader/v1/variants/..%2F..',
      ]) {
        const reply = await call(emu, 'GET', path, { token });
        expect(reply.status).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
      }
      expect(
        (
          await call(emu, 'GET', '/stores-reader/v1/products/x?includeMerchantSpecificData=maybe', {
            token,
          })
        ).status,
      ).toBe(400);
    });
  });
});
