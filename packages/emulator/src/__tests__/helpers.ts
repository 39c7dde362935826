/**
 * Test helpers: start emulators on port 0 with a controllable clock, and talk to them over
 * real HTTP with global fetch. Every started emulator is closed after its test file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Emulator, EmulatorOptions } from '../index.js';
import { STORES_APP_ID, startEmulator } from '../index.js';

/** A clock tests move by hand. */
export class TestClock {
  t = Date.parse('2025-03-01T12:00:00.000Z');
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

const running: Emulator[] = [];
const folders: string[] = [];
// Registered before any test file's own hooks, so it runs after them: the emulators close first
// (closing writes a data file one last time), then their folders go.
afterAll(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
  await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * A fresh folder in the system's temporary directory, removed after the file's tests once every
 * emulator started with {@link start} is closed.
 */
export async function tempDir(prefix = 'vitrine-emulator-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** Starts an emulator that closes after the file's tests. */
export async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator({ port: 0, ...options });
  running.push(emulator);
  return emulator;
}

/**
 * A decoded JSON payload. Tests read wire answers freely and assert on them, so the payload is
 * untyped on purpose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

/** A response read once: status, headers and JSON (or text) body. */
export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

/** Options of {@link call}. */
export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  raw?: string | undefined;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

/** One HTTP call to the emulator. */
export async function call(
  emu: Emulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    redirect: options.redirect ?? 'manual',
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let parsed: Json = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Tokens of a grant. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** An anonymous (visitor) grant. */
export async function visitor(emu: Emulator): Promise<Tokens> {
  const reply = await call(emu, 'POST', '/oauth2/token', {
    body: { clientId: emu.clientId, grantType: 'anonymous' },
  });
  if (reply.status !== 200) throw new Error(`anonymous grant failed: ${reply.status}`);
  return reply.body as Tokens;
}

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The default registered redirect URI used by tests. */
export const REDIRECT_URI = 'http://localhost:5173/callback';

/** Registers a member through the v2 API; returns its id and a session token. */
export async function register(
  emu: Emulator,
  email: string,
  password = 'pass-word-1',
): Promise<{ memberId: string; sessionToken?: string; body: Json }> {
  const { access_token } = await visitor(emu);
  const reply = await call(emu, 'POST', '/_api/iam/authentication/v2/register', {
    token: access_token,
    body: { loginId: { email }, password },
  });
  if (reply.status !== 200) throw new Error(`register failed: ${reply.status} ${reply.text}`);
  return {
    memberId: reply.body.identity.id,
    sessionToken: reply.body.sessionToken,
    body: reply.body,
  };
}

/** Creates an auth redirect session; returns its id and full URL. */
export async function authSession(
  emu: Emulator,
  token: string,
  request: {
    challenge: string;
    responseMode?: string;
    sessionToken?: string | undefined;
    prompt?: string;
    state?: string;
    redirectUri?: string;
    clientId?: string;
  },
): Promise<Reply> {
  return call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
    token,
    body: {
      auth: {
        authRequest: {
          redirectUri: request.redirectUri ?? REDIRECT_URI,
          clientId: request.clientId ?? emu.clientId,
          codeChallenge: request.challenge,
          codeChallengeMethod: 'S256',
          responseMode: request.responseMode ?? 'query',
          responseType: 'code',
          scope: 'offline_access',
          state: request.state ?? 'state-123',
          ...(request.sessionToken !== undefined ? { sessionToken: request.sessionToken } : {}),
        },
        prompt: request.prompt ?? 'login',
      },
    },
  });
}

/** The path and query of an absolute URL on the emulator. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** Gets an authorization code for a member with a session token (prompt=none, query mode). */
export async function codeFor(
  emu: Emulator,
  sessionToken: string,
  challenge: string,
): Promise<string> {
  const { access_token } = await visitor(emu);
  const session = await authSession(emu, access_token, { challenge, sessionToken, prompt: 'none' });
  const page = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
  const location = new URL(page.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location.href}`);
  return code;
}

/** A signed-in member: registers, then exchanges a code for member tokens. */
export async function member(
  emu: Emulator,
  email: string,
  password = 'pass-word-1',
): Promise<Tokens & { memberId: string }> {
  const { memberId, sessionToken } = await register(emu, email, password);
  const { verifier, challenge } = pkce();
  const code = await codeFor(emu, sessionToken!, challenge);
  const reply = await call(emu, 'POST', '/oauth2/token', {
    body: {
      clientId: emu.clientId,
      grantType: 'authorization_code',
      redirectUri: REDIRECT_URI,
      code,
      codeVerifier: verifier,
    },
  });
  if (reply.status !== 200) throw new Error(`code exchange failed: ${reply.text}`);
  return { ...(reply.body as Tokens), memberId };
}

/** A catalog line item for the add-to-cart body. */
export function lineItem(productId: string, quantity = 1, options?: Record<string, unknown>) {
  return {
    catalogReference: {
      catalogItemId: productId,
      appId: STORES_APP_ID,
      ...(options ? { options } : {}),
    },
    quantity,
  };
}

/** Queries products by POST and returns them. */
export async function products(
  emu: Emulator,
  token: string,
  query: unknown = {},
  extra: Record<string, unknown> = {},
): Promise<Json[]> {
  const reply = await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
    token,
    body: { query, ...extra },
  });
  if (reply.status !== 200) throw new Error(`query failed: ${reply.text}`);
  return reply.body.products;
}

/** A product without options and with plenty of tracked stock. */
export async function simpleProduct(emu: Emulator, token: string): Promise<Json> {
  const list = await products(
    emu,
    token,
    {
      filter: {
        manageVariants: false,
        'stock.inventoryStatus': 'IN_STOCK',
        productType: 'physical',
      },
      paging: { limit: 100 },
    },
    { includeVariants: true },
  );
  const found = list.find(
    (p) => p.variants[0].stock.trackQuantity && p.variants[0].stock.quantity > 10,
  );
  if (!found) throw new Error('no simple product in the seed');
  return found;
}

export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return fields;
}

/**
 * Creates a checkout of the caller's cart (shipped to Canada, standard delivery) and a hosted
 * checkout session for it; the reply holds `redirectSession.fullUrl`.
 */
export async function checkoutSession(
  emu: Emulator,
  token: string,
  callbacks: Record<string, string>,
): Promise<Reply> {
  const { checkoutId } = (
    await call(emu, 'POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { shippingAddress: { country: 'CA' }, selectedShippingOption: { code: 'standard' } },
    })
  ).body;
  return call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
    token,
    body: { ecomCheckout: { checkoutId }, callbacks },
  });
}

/** Places the order of a hosted checkout page, as its "Place order" button does. */
export async function placeOrder(emu: Emulator, fullUrl: string): Promise<Reply> {
  const page = await call(emu, 'GET', pathOf(fullUrl));
  return call(emu, 'POST', '/checkout', {
    raw: new URLSearchParams(hiddenFields(page.text)).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Checks out the caller's cart and places its order; resolves with the new order's id. */
export async function buy(emu: Emulator, token: string): Promise<string> {
  const session = await checkoutSession(emu, token, {
    thankYouPageUrl: 'http://localhost:5173/callback',
  });
  const placed = await placeOrder(emu, session.body.redirectSession.fullUrl);
  const orderId = new URL(placed.headers.get('location') ?? '').searchParams.get('orderId');
  if (!orderId) throw new Error(`no order placed: ${placed.status} ${placed.text}`);
  return orderId;
}

/**
 * Width and height of a WebP file (lossy `VP8 `, lossless `VP8L` or extended `VP8X`).
 * @throws Error when the bytes are not a WebP file.
 */
export function webpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a WebP file');
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes.readUIntBE(23, 3) !== 0x9d012a) throw new Error('no VP8 start code');
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X')
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  throw new Error(`unknown WebP chunk ${chunk}`);
}

/** A webhook receiver for a test: on 127.0.0.1, port 0, keeping each post's body in order. */
export interface WebhookReceiver {
  readonly received: string[];
  /** The receiver's address for `path`. */
  url(path?: string): string;
  /** Stops, dropping open connections. */
  close(): Promise<void>;
}

/** Starts a {@link WebhookReceiver}. */
export async function webhookReceiver(): Promise<WebhookReceiver> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
