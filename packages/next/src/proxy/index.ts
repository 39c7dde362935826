/**
 * `@vitrine/next/proxy`: the shop's session, before anything renders. Next.js runs the proxy
 * (`proxy.ts`, formerly middleware) for every request its `matcher` takes; this one keeps the
 * shopper's session in an HttpOnly cookie, answers the browser's session requests, and runs the
 * hosted sign-in's start and return.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { toSameOriginPath } from '@vitrine/sdk';
import { answerSessionRequest, readRequestSession } from '@vitrine/sdk/server';
import {
  HINT_MAX_AGE,
  cartHintCookieName,
  sessionCookieName,
  shopCookie,
  shopperHintValue,
  type CookieToWrite,
} from '../shared/cookies.js';
import { hasEnded } from '../server/ended-sessions.js';
import { VITRINE_PATHS } from '../shared/paths.js';
import { holdsMoreThan } from '../shared/read-at-most.js';
import {
  readShopAddress,
  readStoreConfig,
  shopOrigin,
  type StoreConfig,
} from '../server/store-config.js';
import { isNoScriptMark, markNoScript, wantsWholePage, wholePage } from '../no-script/no-script.js';
import { finishHostedSignIn, isSignInReturn, startHostedSignIn } from './hosted-sign-in.js';
import { forgetSession, prepareSession } from './session.js';

/** The proxy function Next.js calls. */
export type VitrineProxy = (request: NextRequest) => Promise<Response>;

/**
 * The shop's proxy. For each page request with a session it makes the session valid (an expiring
 * access token renewed once, for any number of parallel requests of the same browser; a session
 * the platform ended forgotten), writing it to the request's cookies (so this request's server
 * components read it) and the response's, the refresh token HttpOnly. A request without a
 * session gets none: the visitor is minted on first use (a cart write, a sign-in, the browser's
 * session request), so a visitor who only looks, a crawler or a prefetch costs no grant. It
 * also answers:
 * - `POST /_vitrine/session`: the browser's client asks for an access token here
 *   (`sessionEndpoint('/_vitrine/session')`); the refresh token never leaves the server;
 * - `GET /_vitrine/store`: the store the browser's client talks to (its client id and address,
 *   read from this server's environment), asked when the client first loads: pages carry none;
 * - `GET /_vitrine/sign-in?returnTo=/path`: starts a sign-in on the store's hosted page;
 * - the hosted page's return to the callback path (`VITRINE_CALLBACK_PATH`, `/callback`): the
 *   code exchanged and the visitor's cart carried into the member's, on the server;
 * - any page with `?_vitrine=no-script`: marks a browser that runs no script (`NoScriptSupport`),
 *   whose pages and form posts the proxy then renders whole;
 * - a form post or server action over 1 MB: 413 (Next's own limit, which it answers with 500).
 *
 * Every redirect it answers goes to the shop's origin (`VITRINE_SITE_URL`, or a host of
 * `VITRINE_ALLOWED_HOSTS`: never one a request's header names) or the store's, absolute, with
 * `Cache-Control: private, no-store`.
 *
 * The store is read from the environment (`VITRINE_CLIENT_ID`, `VITRINE_API_URL`). When the
 * platform cannot be reached, the page renders anyway and says so where it needs the store.
 *
 * @throws {StoreArgumentError} when made on a production server with neither `VITRINE_SITE_URL`
 * nor `VITRINE_ALLOWED_HOSTS` set (or either unusable).
 *
 * @example
 * // proxy.ts
 * import { createVitrineProxy } from '@vitrine/next/proxy';
 * export const proxy = createVitrineProxy();
 * export const config = { matcher: ['/((?!api/|_next/static|_next/image|favicon.ico).*)'] };
 */
export function createVitrineProxy(): VitrineProxy {
  // As the server starts (it loads the proxy): a production server that would let a request's
  // Host header choose where shoppers are sent does not serve.
  readShopAddress();
  return async (request) => {
    const config = readStoreConfig();
    const secure = shopOrigin(config, request.headers, request.url).startsWith('https:');
    const path = request.nextUrl.pathname;
    if (path === VITRINE_PATHS.session) return answerSession(config, request, secure);
    if (path === VITRINE_PATHS.store && request.method === 'GET') return answerStore(config);
    if (path === VITRINE_PATHS.signIn && request.method === 'GET') {
      return startHostedSignIn(config, request, secure);
    }
    if (isSignInReturn(config, request)) return finishHostedSignIn(config, request, secure);
    if (isNoScriptMark(request)) return markNoScript(request, secure);
    const tooLarge = await refuseLargeAction(request);
    if (tooLarge !== undefined) return tooLarge;
    return withSession(config, request, secure);
  };
}

/**
 * The largest form post or server action the proxy passes on (Next's own limit for a server
 * action's body, `serverActions.bodySizeLimit`'s default). Past it Next fails the action with a
 * 500; the proxy answers 413 first.
 */
export const MAX_ACTION_BODY_BYTES = 1024 * 1024;

/**
 * A server action or form post whose body is over {@link MAX_ACTION_BODY_BYTES}, answered 413
 * here; `undefined` for anything else. A body that does not say its length is read (a copy of
 * it: Next keeps the body for the action) up to the limit.
 */
async function refuseLargeAction(request: NextRequest): Promise<Response | undefined> {
  if (request.method !== 'POST' || !isActionPost(request)) return undefined;
  const declared = request.headers.get('content-length');
  const tooLarge =
    declared !== null && /^\d{1,15}$/.test(declared)
      ? Number(declared) > MAX_ACTION_BODY_BYTES
      : request.body !== null &&
        (await holdsMoreThan(request.clone().body!, MAX_ACTION_BODY_BYTES));
  return tooLarge ? plainAnswer(413, 'This form is too large to send (1 MB at most).') : undefined;
}

/** A post that Next takes as a server action: the client's (`Next-Action`) or a form's. */
function isActionPost(request: NextRequest): boolean {
  if (request.headers.has('next-action')) return true;
  const type = request.headers.get('content-type') ?? '';
  return (
    type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')
  );
}

function plainAnswer(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The page request, going on with its session made valid (when it has one). */
async function withSession(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<Response> {
  let cookies: Awaited<ReturnType<typeof prepareSession>>['cookies'] = [];
  try {
    ({ cookies } = await prepareSession(config, request, { secure }));
  } catch {
    // The store could not be reached: the page renders as it can and says so where it needs
    // the store; the next request tries again.
  }
  for (const cookie of cookies) {
    if (cookie.options.maxAge === 0) request.cookies.delete(cookie.name);
    else request.cookies.set(cookie.name, cookie.value);
  }
  // A browser that runs no script gets its pages whole, finished here.
  let response: NextResponse;
  if (wantsWholePage(request)) {
    const origin = shopOrigin(config, request.headers, request.url);
    const page = await wholePage(request, request.cookies.toString());
    response = new NextResponse(page.body, {
      status: page.status,
      headers: absoluteLocation(page.headers, origin),
    });
  } else if (cookies.length > 0) {
    response = NextResponse.next({ request: { headers: request.headers } });
  } else {
    // Nothing of the request changed: Next need not carry its headers over (less work a view).
    response = NextResponse.next();
  }
  for (const cookie of cookies) response.cookies.set(cookie.name, cookie.value, cookie.options);
  // A page the same for every shopper may be cached by a CDN; never with this shopper's cookies.
  if (cookies.length > 0) response.headers.set('cache-control', 'private, no-store');
  return response;
}

/**
 * `headers` with a relative `Location` (a server action's `redirect('/account')`, as the page
 * rendered for a browser that runs no script answers it) made absolute on the shop's `origin`:
 * Next passes a proxy's redirect on only with an absolute one.
 */
function absoluteLocation(headers: Headers, origin: string): Headers {
  const location = headers.get('location');
  if (location === null || /^[a-z][a-z\d+.-]*:/i.test(location)) return headers;
  const out = new Headers(headers);
  out.set('location', new URL(toSameOriginPath(location), origin).href);
  return out;
}

/**
 * The browser's session request, answered by the SDK: the session's access token (made valid),
 * or a new visitor's for a browser without one (its first use of the store), known to have no
 * cart. A session signed out here and presented again is not vouched for: forgotten, and a new
 * visitor in its place.
 */
async function answerSession(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<Response> {
  const session = readRequestSession({ clientId: config.clientId, cookies: request.cookies });
  const ended = hasEnded(session?.identity);
  const forgotten = ended ? forgetSession(config, request, secure) : [];
  const hadSession = !ended && request.cookies.has(sessionCookieName(config.clientId));
  const answer = await answerSessionRequest(ended ? withoutCookies(request, forgotten) : request, {
    clientId: config.clientId,
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
    secure,
  });
  if (hadSession || answer.status !== 200) return answer;
  const { identity } = (await answer.clone().json()) as { identity?: string };
  if (identity === undefined) return answer;
  const value = shopperHintValue({
    itemCount: 0,
    role: 'visitor',
    identity,
    clientId: config.clientId,
  });
  const hint = shopCookie(cartHintCookieName(config.clientId), value, {
    secure,
    maxAge: HINT_MAX_AGE,
    httpOnly: false,
  });
  const response = new NextResponse(answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
  // The ended session's cookies the answer does not write again (a split one's chunks).
  const rewritten = new Set(answer.headers.getSetCookie().map((line) => line.split('=')[0]));
  for (const cookie of forgotten) {
    if (!rewritten.has(cookie.name) && cookie.name !== hint.name) {
      response.cookies.set(cookie.name, cookie.value, cookie.options);
    }
  }
  response.cookies.set(hint.name, hint.value, hint.options);
  return response;
}

/** `request` without the cookies named in `dropped`. */
function withoutCookies(request: NextRequest, dropped: readonly CookieToWrite[]): Request {
  const names = new Set(dropped.map((cookie) => cookie.name));
  const headers = new Headers(request.headers);
  const kept = request.cookies.getAll().filter((cookie) => !names.has(cookie.name));
  headers.set('cookie', kept.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
  return new Request(request.url, {
    method: request.method,
    headers,
    ...(request.body === null ? {} : { body: request.body, duplex: 'half' as const }),
  });
}

/** The store the browser's client talks to: public facts of this server's environment. */
function answerStore(config: StoreConfig): Response {
  return Response.json(
    { clientId: config.clientId, baseUrl: config.baseUrl ?? null },
    { headers: { 'cache-control': 'no-store' } },
  );
}
