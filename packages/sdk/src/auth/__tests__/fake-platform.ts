/**
 * A scripted platform at the network boundary for the identity tests: a `fetch` that answers
 * the token endpoint (numbered tokens, rotation on refresh) and any other path from a table,
 * recording every request.
 */
import { json, recordingFetch, type RecordedRequest } from '../../__tests__/helpers.js';
import { resolveStoreClientOptions, type StoreClientOptions } from '../../client/options.js';
import type { HttpMethod } from '../../http/api-call.js';
import { createTransport } from '../../http/transport.js';
import { createStoreAuth } from '../create-store-auth.js';
import { createRedirects } from '../../redirects/redirect-session.js';
import type { Tokens } from '../../models/tokens.js';
import { memoryStorage } from '../storage/memory.js';

export const BASE = 'http://127.0.0.1:4010';
export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

export type Handler = (
  request: Request,
  body: Record<string, unknown>,
) => Response | Promise<Response>;

export interface FakePlatform {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Token requests, optionally of one grant type. */
  grants(type?: string): Record<string, unknown>[];
  /** Replace the token endpoint's answer. */
  token: Handler;
  routes: Record<string, Handler>;
}

/** A token response of the platform's shape. */
export function tokenResponse(n: number | string, expiresIn = 3600): Response {
  return json({ access_token: `at_${n}`, refresh_token: `rt_${n}`, expires_in: expiresIn });
}

/** A token endpoint error of the OAuth shape. */
export function oauthError(error: string, status = 400): Response {
  return json({ error, error_description: `${error} happened` }, { status });
}

export function fakePlatform(routes: Record<string, Handler> = {}): FakePlatform {
  let issued = 0;
  const platform: FakePlatform = {
    fetch: undefined as unknown as typeof fetch,
    requests: [],
    routes,
    grants(type) {
      return platform.requests
        .filter((r) => r.url.pathname === '/oauth2/token')
        .map((r) => JSON.parse(r.body) as Record<string, unknown>)
        .filter((b) => type === undefined || (b.grantType ?? b.grant_type) === type);
    },
    token: () => tokenResponse(++issued),
  };
  const recorder = recordingFetch(async (request) => {
    const url = new URL(request.url);
    const text = request.body ? await request.clone().text() : '';
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (url.pathname === '/oauth2/token') return platform.token(request, body);
    const handler =
      platform.routes[`${request.method} ${url.pathname}`] ?? platform.routes[url.pathname];
    if (handler) return handler(request, body);
    return json({ ok: true });
  });
  platform.fetch = recorder.fetch;
  platform.requests = recorder.requests;
  return platform;
}

/**
 * The identity layer of a client on the fake platform, with a controllable clock and no
 * retries: `auth`, `identity`, `redirects`, and `fetch` for an authenticated call. (The
 * commerce layer of a full client reacts to identity changes with calls of its own; these
 * tests count requests, so they leave it out.)
 */
export function clientOn(
  platform: { fetch: typeof fetch },
  clock: { now: number },
  options: Partial<StoreClientOptions> = {},
) {
  const resolved = resolveStoreClientOptions({
    clientId: 'c1',
    baseUrl: BASE,
    fetch: platform.fetch,
    now: () => clock.now,
    retry: 0,
    storage: memoryStorage(),
    ...options,
  });
  const layer = createStoreAuth(resolved.auth, createTransport(resolved.http));
  return {
    auth: layer.auth,
    identity: layer.identity,
    redirects: createRedirects(layer.transport),
    fetch: (path: string, init: { method?: HttpMethod; signal?: AbortSignal } = {}) =>
      layer.transport.send({ method: init.method ?? 'GET', path, signal: init.signal }),
  };
}

/** Tokens of a role expiring `inSeconds` after `clock`. */
export function tokensOf(
  role: 'visitor' | 'member',
  name: string,
  clockMs: number,
  inSeconds = 3600,
): Tokens {
  return {
    accessToken: { value: `at_${name}`, expiresAt: Math.floor(clockMs / 1000) + inSeconds },
    refreshToken: { value: `rt_${name}`, role },
  };
}

/** A promise with its resolver, to hold a response until the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The Authorization header of each API (non-token) request. */
export function apiAuthorizations(platform: FakePlatform): (string | null)[] {
  return platform.requests
    .filter((r) => r.url.pathname !== '/oauth2/token')
    .map((r) => r.headers.get('authorization'));
}

export const SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

/** The bodies of every redirect-session request. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire bodies, read loosely
export function sessionBodies(platform: FakePlatform): Record<string, any>[] {
  return (
    platform.requests
      .filter((r) => r.url.pathname === SESSION_PATH)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      .map((r) => JSON.parse(r.body) as Record<string, any>)
  );
}

/**
 * Serves redirect sessions pointing at `${BASE}/oauth2/authorize`, whose GET (outside
 * browsers, with `redirect: 'manual'`) answers a 302 to the redirect URI built by `answer`.
 */
export function withHostedPages(
  platform: FakePlatform,
  answer: (auth: { state: string; redirectUri: string; sessionToken?: string }) => string = (a) =>
    `${a.redirectUri}?code=code-for-${a.sessionToken ?? 'form'}&state=${a.state}`,
): FakePlatform {
  let sessions = 0;
  platform.routes[SESSION_PATH] = (_request, body) => {
    const id = `rs${++sessions}`;
    const fullUrl = body.logout
      ? `${BASE}/oauth2/logout?redirectSessionId=${id}`
      : `${BASE}/oauth2/authorize?redirectSessionId=${id}`;
    return json({
      redirectSession: { id, fullUrl, urlDetails: { endpoint: fullUrl.split('?')[0] } },
    });
  };
  platform.routes['GET /oauth2/authorize'] = (request) => {
    const id = new URL(request.url).searchParams.get('redirectSessionId');
    const body = sessionBodies(platform)[Number(id?.slice(2)) - 1];
    const auth = body?.auth?.authRequest;
    return new Response(null, { status: 302, headers: { location: answer(auth) } });
  };
  return platform;
}

type Callback = () => Promise<unknown>;

/**
 * Web Locks for one browser: exclusive locks by name, waiting in order, abortable while waiting,
 * and `query()` of the locks held now (shared locks here have names of their own).
 */
export function fakeLocks() {
  const tails = new Map<string, Promise<void>>();
  const held: string[] = [];
  return {
    requests: 0,
    query: () => Promise.resolve({ held: held.map((name) => ({ name })) }),
    request(name: string, options: { signal?: AbortSignal }, callback: Callback): Promise<unknown> {
      this.requests++;
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      tails.set(
        name,
        previous.then(() => mine),
      );
      return new Promise((resolve, reject) => {
        let aborted = false;
        options.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('The request was aborted', 'AbortError'));
          release();
        });
        void previous.then(async () => {
          if (aborted) return;
          held.push(name);
          try {
            resolve(await callback());
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          } finally {
            held.splice(held.indexOf(name), 1);
            release();
          }
        });
      });
    },
  };
}
