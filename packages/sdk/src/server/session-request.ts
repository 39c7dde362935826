/**
 * The server's side of a session that lives on the server (a token-mediating backend): the
 * browser's client (`session: sessionEndpoint(url)`) asks here for an access token; the refresh
 * token stays in an httpOnly cookie the browser's scripts cannot read.
 */
import { isStoreAuthError, serializeCookie, type StoreClient, type Tokens } from '../index.js';
import {
  createServerStoreClient,
  sessionIdentity,
  type ServerStoreClientOptions,
} from './create-server-store-client.js';
import { readTextAtMost } from '../http/read-at-most.js';

/** Options of {@link answerSessionRequest}: the server client's, cookies read from the request. */
export type SessionRequestOptions = Omit<
  ServerStoreClientOptions,
  'cookies' | 'url' | 'httpOnly' | 'mint'
>;

/** The header the browser's client sends with each session request. */
const SESSION_HEADER = 'x-vitrine-session';

// A session request's body is `{}` or `{ "stale": "<access token>" }`.
const MAX_BODY_BYTES = 16_384;

/**
 * Answers one session request of the browser's client: `POST` with `x-vitrine-session: 1`,
 * from the same site. It makes the session in the request's cookies valid (renews an expiring
 * access token, or the one the browser says the platform refused; mints a visitor when there is
 * none or the platform ended the member's session), writes the renewed tokens back as an
 * `HttpOnly` cookie, and answers `{ access_token, expires_in, role, identity }` with
 * `Cache-Control: no-store`. The refresh token never leaves the server.
 *
 * Answers 405 to other methods, 403 to a request without the header or from another site
 * (`Sec-Fetch-Site`), 400 to a body that is not `{}` or `{ stale }`, 503 when the platform could
 * not be reached (retryable).
 *
 * @example
 * // A route handler (Next.js app/_vitrine/session/route.ts, or any Fetch API server)
 * export const POST = (request: Request) => answerSessionRequest(request, { clientId, baseUrl });
 */
export async function answerSessionRequest(
  request: Request,
  options: SessionRequestOptions,
): Promise<Response> {
  if (request.method !== 'POST') return refusal(405, 'use POST', { allow: 'POST' });
  if (request.headers.get(SESSION_HEADER) !== '1') {
    return refusal(403, `a session request carries ${SESSION_HEADER}: 1`);
  }
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    return refusal(403, 'a session request comes from the same site');
  }
  const stale = await readStale(request);
  if (stale === false) return refusal(400, 'the body must be {} or { "stale": "<access token>" }');

  const written: string[] = [];
  const jar = requestCookies(request.headers.get('cookie'));
  const serverOptions: ServerStoreClientOptions = {
    ...options,
    url: request.url,
    httpOnly: true,
    cookies: {
      get: (name) => jar.get(name),
      set: (name, value, attributes) => {
        jar.set(name, value);
        written.push(serializeCookie(name, value, attributes));
      },
    },
  };
  let store: StoreClient | undefined;
  try {
    let tokens: Tokens;
    ({ store, tokens } = await sessionStore(serverOptions, stale));
    const now = Math.floor((options.now ?? Date.now)() / 1000);
    const headers = new Headers({
      'content-type': 'application/json',
      'cache-control': 'no-store',
    });
    for (const cookie of written) headers.append('set-cookie', cookie);
    return new Response(
      JSON.stringify({
        access_token: tokens.accessToken.value,
        expires_in: Math.max(1, tokens.accessToken.expiresAt - now),
        role: tokens.refreshToken.role,
        identity: sessionIdentity(store),
      }),
      { status: 200, headers },
    );
  } catch (error) {
    if (isStoreAuthError(error) && error.retryable) {
      return refusal(503, 'the store could not be reached; try again', { 'retry-after': '1' });
    }
    throw error;
  } finally {
    store?.dispose();
  }
}

/**
 * The request's client and tokens the browser does not hold yet: its session's, renewed when
 * they are the `stale` ones the browser has (the platform refused them, or they are about to
 * expire). A new visitor when the platform ended the member's session.
 */
async function sessionStore(
  options: ServerStoreClientOptions,
  stale: string | undefined,
  ended = false,
): Promise<{ store: StoreClient; tokens: Tokens }> {
  let store: StoreClient | undefined;
  try {
    store = await createServerStoreClient(options);
    let tokens = store.auth.getTokens()!;
    if (tokens.accessToken.value === stale)
      tokens = await store.auth.renewToken(tokens.refreshToken);
    return { store, tokens };
  } catch (error) {
    store?.dispose();
    if (ended || !isStoreAuthError(error) || error.code !== 'SESSION_ENDED') throw error;
    // Its cookie is gone: this mints the visitor, whose cookie this answer writes.
    return sessionStore(options, undefined, true);
  }
}

/** The `stale` access token of the body, `undefined` for `{}`, `false` for anything else. */
async function readStale(request: Request): Promise<string | undefined | false> {
  let body: unknown;
  try {
    const text = await readTextAtMost(request, MAX_BODY_BYTES);
    if (text === undefined) return false;
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { stale, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  if (stale === undefined) return undefined;
  return typeof stale === 'string' && stale !== '' ? stale : false;
}

/** The cookies of a `Cookie` header, by name (the first of a repeated name wins). */
function requestCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!jar.has(name)) jar.set(name, part.slice(index + 1).trim());
  }
  return jar;
}

function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}
