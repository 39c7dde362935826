/**
 * What the proxy's tests share: the emulator on port 0 (its state reset before each test), the
 * proxy, and requests and cookies as a browser sends and keeps them.
 */
import { startEmulator, STORES_APP_ID, type Emulator } from '@vitrine/emulator';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createVitrineProxy } from '../index.js';

export const SHOP = 'http://localhost:3000';
export const TTL_SECONDS = 14_400;

/** The emulator of the test file (once `beforeAll` has run) and the proxy. */
export const harness = { emulator: undefined as unknown as Emulator, proxy: createVitrineProxy() };

/** Starts the emulator for the test file; resets it, the environment and the clock around each test. */
export function useProxyEmulator(): void {
  beforeAll(async () => {
    harness.emulator = await startEmulator({ port: 0, tokenTtlSeconds: TTL_SECONDS });
  });
  afterAll(async () => {
    await harness.emulator.close();
  });
  beforeEach(async () => {
    await harness.emulator.reset();
    vi.stubEnv('VITRINE_CLIENT_ID', harness.emulator.clientId);
    vi.stubEnv('VITRINE_API_URL', harness.emulator.url);
    vi.stubEnv('VITRINE_SITE_URL', '');
    vi.stubEnv('VITRINE_ALLOWED_HOSTS', '');
  });
  afterEach(() => {
    harness.emulator.clearFaults();
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
}

export const SESSION = () => `vitrine.${harness.emulator.clientId}.tokens`;
export const CART_HINT = () => `vitrine.${harness.emulator.clientId}.cart`;
export const PENDING = () => `vitrine.${harness.emulator.clientId}.sign-in`;

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

export function setCookiesOf(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at),
      value: decodeURIComponent(pair.slice(at + 1)),
      attributes: attributes.map((attribute) => attribute.toLowerCase()),
    };
  });
}

/** The `Cookie` header a browser sends after `response`, from what it held before. */
export function cookieAfter(response: Response, before = ''): string {
  const jar = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0(;|$)/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function page(
  cookie = '',
  headers: Record<string, string> = {},
  path = '/products',
): NextRequest {
  return new NextRequest(`${SHOP}${path}`, {
    headers: {
      host: 'localhost:3000',
      accept: 'text/html',
      ...(cookie === '' ? {} : { cookie }),
      ...headers,
    },
  });
}

export function sessionRequest(
  cookie: string,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  return new NextRequest(`${SHOP}/_vitrine/session`, {
    method: 'POST',
    headers: {
      host: 'localhost:3000',
      'x-vitrine-session': '1',
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      ...(cookie === '' ? {} : { cookie }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** A visitor's cookies, as the store's first use (the browser's session request) gives them. */
export async function visitor(): Promise<string> {
  const answer = await harness.proxy(sessionRequest(''));
  expect(answer.status).toBe(200);
  return cookieAfter(answer);
}

/** The session's tokens as the browser may read them: from the shop's session endpoint. */
export async function accessTokenOf(cookie: string): Promise<string> {
  const answer = await harness.proxy(sessionRequest(cookie));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * Whether `text` holds a refresh token (the emulator's start with `rt_`), as it is or in the
 * SDK's cookie encoding (`v1.` and base64url JSON).
 */
export const holdsRefreshToken = (text: string) =>
  /rt_[\w-]{8,}/.test(text) ||
  /rt_[\w-]{8,}/.test(Buffer.from(text.replace(/^v1\./, ''), 'base64url').toString());

export async function register(email: string, password: string): Promise<void> {
  const grant = await fetch(`${harness.emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: harness.emulator.clientId, grantType: 'anonymous' }),
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const reply = await fetch(`${harness.emulator.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: { email }, password }),
  });
  expect(reply.status).toBe(200);
}

export async function simpleProductId(): Promise<string> {
  const reply = await fetch(`${harness.emulator.url}/stores/v1/products`, {
    method: 'POST',
    headers: { authorization: harness.emulator.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ product: { name: 'Carried tee', priceData: { price: 24 } } }),
  });
  const { product } = (await reply.json()) as { product: { id: string } };
  return product.id;
}

export async function addToCart(token: string, productId: string): Promise<void> {
  const reply = await fetch(`${harness.emulator.url}/ecom/v1/carts/current/add-to-cart`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } },
      ],
    }),
  });
  expect(reply.status).toBe(200);
}

/**
 * A hosted sign-in as a browser walks it: the proxy's start, the store's page and its form, the
 * return to the proxy. The proxy's last redirect and the cookies after it.
 */
export async function signIn(
  cookie: string,
  returnTo: string,
  credentials: { email: string; password: string },
  /** Changes the browser's cookies before the return (a forged pending sign-in, say). */
  tamper: (cookie: string) => string = (same) => same,
): Promise<{ location: string; cookie: string }> {
  const start = await harness.proxy(
    page(cookie, {}, `/_vitrine/sign-in?returnTo=${encodeURIComponent(returnTo)}`),
  );
  expect(start.status).toBe(303);
  const pending = setCookiesOf(start).find((c) => c.name === PENDING());
  expect(pending?.attributes).toContain('httponly');
  let jar = cookieAfter(start, cookie);
  let next = new URL(start.headers.get('location')!);
  expect(next.origin).toBe(harness.emulator.url);
  let hosted = await fetch(next, { redirect: 'manual' });
  for (let hops = 0; hosted.status >= 300 && hosted.status < 400 && hops < 5; hops++) {
    next = new URL(hosted.headers.get('location')!, next);
    hosted = await fetch(next, { redirect: 'manual' });
  }
  const html = await hosted.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
  }
  fields.set('email', credentials.email);
  fields.set('password', credentials.password);
  const posted = await fetch(new URL(action, next), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  const callback = new URL(posted.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${SHOP}/callback`);
  jar = tamper(jar);
  const back = await harness.proxy(page(jar, {}, `${callback.pathname}${callback.search}`));
  expect(back.status).toBe(303);
  jar = cookieAfter(back, jar);
  expect(jar).not.toContain(PENDING());
  return { location: back.headers.get('location')!, cookie: jar };
}
