/**
 * The bad-input table: each kind of bad input (invalid JSON, empty, oversized, deep, wrong types,
 * inherited-member names, huge and fractional numbers, null bytes, garbage `.r`, garbage or
 * oversized Authorization) sent to every route through the route's own channel, each answered
 * with a 4xx in the route's error shape, naming the field where there is one, with state untouched
 * and the emulator serving on. Then absurd values for the main calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../server.js';
import { call, lineItem, start, visitor } from './helpers.js';
import type { Json, Reply } from './helpers.js';
import type { Fixture, RouteSpec } from './route-table.js';
import { ROUTES, buildFixture } from './route-table.js';
import { ownHost, rawRequest } from './raw-http.js';

type Emu = Awaited<ReturnType<typeof start>>;

/** One bad request: what to send on top of a route's valid request. */
interface BadRequest {
  path: string;
  raw?: string;
  type?: string;
  headers?: Record<string, string>;
}

const DEEP = 10_000;
const deepJson = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
const NUMBER_MARK = '"__number__"';

function b64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function withQuery(path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The path of the first string in a JSON value, depth first. */
function firstString(
  value: unknown,
  at: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return at;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstString(item, [...at, i]);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = firstString(item, [...at, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** A copy of `value` with `replacement` at `at`. */
function replaced(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, replacement);
  return copy;
}

/** JSON text of the sample with a raw number literal (1e400 cannot be a JS number) in place. */
function withNumber(spec: RouteSpec, sample: unknown, literal: string): string {
  const at = spec.numberAt ?? firstString(sample) ?? [];
  return JSON.stringify(replaced(sample, at, '__number__')).replace(NUMBER_MARK, literal);
}

/** A body for a bodiless route: refused because GET and DELETE take none. */
const asBody = (path: string, raw: string): BadRequest => ({ path, raw, type: 'application/json' });

/** Puts a bad value where a bodiless route takes input: its path parameter, else a declared parameter, else a new one. */
function inParameter(spec: RouteSpec, f: Fixture, value: string, name = 'x'): BadRequest {
  if (spec.pathParam) return { path: spec.pathParam(f, encodeURIComponent(value)) };
  const params = spec.params?.(f);
  if (params) {
    const [first] = Object.keys(params);
    return { path: withQuery(spec.path(f), { ...params, [first!]: value }) };
  }
  return { path: withQuery(spec.path(f), { [name]: value }) };
}

/** The kinds of bad input, each as a request for a route. */
const KINDS: Record<string, (spec: RouteSpec, f: Fixture) => BadRequest> = {
  'invalid JSON': (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'dotR') return { path: withQuery(path, { '.r': b64url('{"a":') }) };
    return spec.channel === 'none'
      ? asBody(path, '{"a":')
      : { path, raw: '{"a":', type: 'application/json' };
  },
  empty: (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'dotR') return { path: withQuery(path, { '.r': '' }) };
    if (spec.channel === 'json') return { path, raw: '', type: 'application/json' };
    if (spec.channel === 'form')
      return { path, raw: '', type: 'application/x-www-form-urlencoded' };
    return inParameter(spec, f, '', '');
  },
  oversized: (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'json' || spec.channel === 'form')
      return {
        path,
        raw: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) }),
        type: 'application/json',
      };
    if (spec.channel === 'dotR') return { path: withQuery(path, { '.r': 'e'.repeat(20_000) }) };
    return inParameter(spec, f, 'o'.repeat(20_000));
  },
  deep: (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'dotR') {
      const filter = '{"$and":['.repeat(100) + '{}' + ']}'.repeat(100);
      return { path: withQuery(path, { '.r': b64url(`{"query":{"filter":${filter}}}`) }) };
    }
    return spec.channel === 'none'
      ? asBody(path, deepJson)
      : { path, raw: deepJson, type: 'application/json' };
  },
  'wrong types': (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'dotR')
      return { path: withQuery(path, { '.r': b64url('{"query":"all of it"}') }) };
    if (spec.channel === 'form') return { path, raw: 'a=1', type: 'text/plain' };
    if (spec.channel === 'none') return asBody(path, '[]');
    const sample = spec.sample!(f);
    const at = firstString(sample);
    const raw = at
      ? JSON.stringify(replaced(sample, at, { wrong: ['type'] }))
      : '["not an object"]';
    return { path, raw, type: 'application/json' };
  },
  'inherited-member names': (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'dotR')
      return {
        path: withQuery(path, {
          '.r': b64url('{"query":{"sort":[{"fieldName":"hasOwnProperty"}]}}'),
        }),
      };
    if (spec.channel === 'form')
      return {
        path,
        raw: 'redirectSessionId=constructor&token=__proto__',
        type: 'application/x-www-form-urlencoded',
      };
    if (spec.channel === 'none') return inParameter(spec, f, '__proto__', 'constructor');
    const raw = spec.route.includes('/query')
      ? '{"query":{"filter":{"constructor":{"$eq":1},"toString":1},"sort":[{"fieldName":"valueOf"}]}}'
      : JSON.stringify({ ...(spec.sample!(f) as object), constructor: 1, toString: 'x' });
    return { path, raw, type: 'application/json' };
  },
  'huge number': (spec, f) => numberKind(spec, f, '1e400'),
  'fractional number': (spec, f) => numberKind(spec, f, '2.5'),
  'null bytes': (spec, f) => {
    const path = basePath(spec, f);
    if (spec.channel === 'dotR')
      return {
        path: withQuery(path, { '.r': b64url('{"query":{"filter":{"na\\u0000me":"x"}}}') }),
      };
    if (spec.channel === 'form')
      return {
        path,
        raw: 'redirectSessionId=%00&token=%00',
        type: 'application/x-www-form-urlencoded',
      };
    if (spec.channel === 'none') return inParameter(spec, f, 'a\u0000b');
    const sample = spec.sample!(f);
    const at = firstString(sample);
    const raw = at
      ? JSON.stringify(replaced(sample, at, 'nul\u0000byte'))
      : JSON.stringify({ ...(sample as object), 'k\u0000': 1 });
    return { path, raw, type: 'application/json' };
  },
  "garbage '.r'": (spec, f) => ({
    ...validBody(spec, f),
    path: withQuery(basePath(spec, f), { '.r': '%%%!!' }),
  }),
  'garbage Authorization': (spec, f) => ({
    ...validBody(spec, f),
    path: validPath(spec, f),
    headers: { authorization: 'garbage!!\u00ff' },
  }),
  'oversized Authorization': (spec, f) => ({
    ...validBody(spec, f),
    path: validPath(spec, f),
    headers: { authorization: 'a'.repeat(64 * 1024) },
  }),
};

function numberKind(spec: RouteSpec, f: Fixture, literal: string): BadRequest {
  const path = basePath(spec, f);
  if (spec.channel === 'dotR')
    return { path: withQuery(path, { '.r': b64url(`{"query":{"paging":{"limit":${literal}}}}`) }) };
  if (spec.channel === 'form')
    return {
      path,
      raw: `redirectSessionId=${literal}&token=${literal}`,
      type: 'application/x-www-form-urlencoded',
    };
  if (spec.channel === 'none') return inParameter(spec, f, literal);
  return { path, raw: withNumber(spec, spec.sample!(f), literal), type: 'application/json' };
}

/** The route's path with its declared parameters but not its `.r`. */
function basePath(spec: RouteSpec, f: Fixture): string {
  return spec.channel === 'none' && spec.params
    ? withQuery(spec.path(f), spec.params(f))
    : spec.path(f);
}

/** The route's valid request path, `.r` included. */
function validPath(spec: RouteSpec, f: Fixture): string {
  const path = basePath(spec, f);
  return spec.channel === 'dotR'
    ? withQuery(path, { '.r': b64url(JSON.stringify(spec.sample!(f))) })
    : path;
}

/** The route's valid body, if it takes one. */
function validBody(spec: RouteSpec, f: Fixture): Pick<BadRequest, 'raw' | 'type'> {
  if (spec.channel === 'json')
    return { raw: JSON.stringify(spec.sample!(f)), type: 'application/json' };
  if (spec.channel === 'form')
    return {
      raw: new URLSearchParams(spec.sample!(f) as Record<string, string>).toString(),
      type: 'application/x-www-form-urlencoded',
    };
  return {};
}

/** Why a reply is not a 4xx in the route's error shape, or `undefined` when it is. */
function shapeProblem(spec: RouteSpec, reply: Reply): string | undefined {
  if (reply.status < 400 || reply.status > 499) return `status ${reply.status}`;
  const body: Json = reply.body;
  if (spec.route === '/oauth2/token' && typeof body?.error === 'string')
    return typeof body.error_description === 'string' ? undefined : 'no error_description';
  if (spec.channel === 'form' || (reply.headers.get('content-type') ?? '').startsWith('text/html'))
    return /<p class="error"/.test(reply.text) || typeof body?.message === 'string'
      ? undefined
      : 'no error on the page';
  if (typeof body?.message !== 'string' || typeof body.details !== 'object')
    return 'not the platform shape';
  const violations = body.details.validationError?.fieldViolations;
  if (
    violations !== undefined &&
    (!Array.isArray(violations) || violations.some((v: Json) => typeof v.field !== 'string'))
  )
    return 'violations without field names';
  return undefined;
}

describe('bad input', () => {
  let emu: Emu;
  let f: Fixture;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    emu = await start();
    f = await buildFixture(emu);
    token = f.visitor;
    productId = f.productId;
  });

  const credential = (spec: RouteSpec) =>
    spec.as === 'visitor'
      ? f.visitor
      : spec.as === 'member'
        ? f.member
        : spec.as === 'app'
          ? emu.apiKey
          : undefined;

  /** Sends a bad request; fetch cannot put a body on GET, so those go over a raw socket. */
  const send = async (spec: RouteSpec, bad: BadRequest): Promise<Reply> => {
    const token = credential(spec);
    const headers: Record<string, string> = {
      ...(token !== undefined ? { authorization: token } : {}),
      ...(bad.type !== undefined ? { 'content-type': bad.type } : {}),
      ...bad.headers,
    };
    if (spec.method !== 'GET' || bad.raw === undefined)
      return call(emu, spec.method, bad.path, {
        ...(bad.raw !== undefined ? { raw: bad.raw } : {}),
        headers,
      });
    const body = Buffer.from(bad.raw, 'utf8');
    const head = [
      `GET ${bad.path} HTTP/1.1`,
      `Host: ${ownHost(emu)}`,
      'Connection: close',
      `Content-Length: ${body.length}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ].join('\r\n');
    const raw = await rawRequest(emu, head, body);
    let parsed: Json = undefined;
    try {
      parsed = JSON.parse(raw.body);
    } catch {
      parsed = undefined;
    }
    return { status: raw.status, headers: new Headers(raw.headers), body: parsed, text: raw.body };
  };

  const violationFields = (reply: { body: Json }): string[] =>
    reply.body?.details?.validationError?.fieldViolations?.map((v: { field: string }) => v.field) ??
    [];

  describe('every route, every kind', () => {
    it('covers every route of the app', () => {
      const table = new Set(ROUTES.map((r) => `${r.method} ${r.route}`));
      expect(table.size).toBe(ROUTES.length);
      expect(table).toEqual(new Set(routesOf(emu).map((r) => `${r.method} ${r.path}`)));
    });

    it.each(Object.keys(KINDS))(
      "answers %s with a 4xx in the route's error shape, changing nothing",
      async (kind) => {
        const before = JSON.stringify(emu.dumpState());
        const problems: string[] = [];
        for (const spec of ROUTES) {
          const reply = await send(spec, KINDS[kind]!(spec, f));
          const problem = shapeProblem(spec, reply);
          if (problem)
            problems.push(`${spec.method} ${spec.route}: ${problem} ${reply.text.slice(0, 160)}`);
        }
        expect(problems).toEqual([]);
        expect(JSON.stringify(emu.dumpState())).toBe(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        // Still serving.
        expect((await call(emu, 'GET', '/_emulator')).status).toBe(200);
        expect((await visitor(emu)).access_token).toMatch(/^OauthNG\.JWS\./);
      },
    );
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
