/**
 * `@vitrine/next/proxy`: the shop's session, before anything renders. Next.js runs the proxy
 * (`proxy.ts`, formerly middleware) for every request its `matcher` takes; this one keeps the
 * shopper's session in an HttpOnly cookie, answers the browser's session requests, and runs the
 * hosted sign-in's start and return.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { answerSessionRequest } from '@vitrine/sdk/server';
import {
  HINT_MAX_AGE,
  cartHintCookieName,
  sessionCookieName,
  shopCookie,
  shopperHintValue,
} from '../shared/cookies.js';
import { VITRINE_PATHS } from '../shared/paths.js';
import { readStoreConfig, shopOrigin, type StoreConfig } from '../server/store-config.js';
import { isNoScriptMark, markNoScript, wantsWholePage, wholePage } from '../no-script/no-script.js';
import { finishHostedSignIn, isSignInReturn, startHostedSignIn } from './hosted-sign-in.js';
import { prepareSession } from './session.js';

/** The proxy function Next.js calls. */
export type VitrineProxy = (request: NextRequest) => Promise<Response>;

/**
 * The shop's proxy. For each page request it makes the shopper's session valid (a new visitor
 * once, on their first page view; an expiring access token renewed once, for any number of
 * parallel requests of the same browser; a member whose session the platform ended becomes a new
 * visitor), writing the session to the request's cookies (so this request's server components
 * read it) and the response's, the refresh token HttpOnly. It also answers:
 * - `POST /_vitrine/session`: the browser's client asks for an access token here
 *   (`sessionEndpoint('/_vitrine/session')`); the refresh token never leaves the server;
 * - `GET /_vitrine/store`: the store the browser's client talks to (its client id and address,
 *   read from this server's environment), asked when the client first loads: pages carry none;
 * - `GET /_vitrine/sign-in?returnTo=/path`: starts a sign-in on the store's hosted page;
 * - the hosted page's return to the callback path (`VITRINE_CALLBACK_PATH`, `/callback`): the
 *   code exchanged and the visitor's cart carried into the member's, on the server;
 * - any page with `?_vitrine=no-script`: marks a browser that runs no script (`NoScriptSupport`),
 *   whose pages and form posts the proxy then renders whole.
 *
 * The store is read from the environment (`VITRINE_CLIENT_ID`, `VITRINE_API_URL`). When the
 * platform cannot be reached, the page renders anyway and says so where it needs the store.
 *
 * @example
 * // proxy.ts
 * import { createVitrineProxy } from '@vitrine/next/proxy';
 * export const proxy = createVitrineProxy();
 * export const config = { matcher: ['/((?!api/|_next/static|_next/image|favicon.ico).*)'] };
 */
export function createVitrineProxy(): VitrineProxy {
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
    return withSession(config, request, secure);
  };
}

/** The page request, going on with a valid session in its cookies and the response's. */
async function withSession(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<Response> {
  let cookies: Awaited<ReturnType<typeof prepareSession>>['cookies'] = [];
  try {
    ({ cookies } = await prepareSession(config, request, { mint: !isPrefetch(request), secure }));
  } catch {
    // The store could not be reached: the page renders without a session and says so where it
    // needs one; the next request tries again.
  }
  for (const cookie of cookies) {
    if (cookie.options.maxAge === 0) request.cookies.delete(cookie.name);
    else request.cookies.set(cookie.name, cookie.value);
  }
  // A browser that runs no script gets its pages whole, finished here.
  let response: NextResponse;
  if (wantsWholePage(request)) {
    const page = await wholePage(request, request.cookies.toString());
    response = new NextResponse(page.body, { status: page.status, headers: page.headers });
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

/** The browser's session request, answered by the SDK; a visitor minted here is known to have no cart. */
async function answerSession(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<Response> {
  const hadSession = request.cookies.has(sessionCookieName(config.clientId));
  const answer = await answerSessionRequest(request, {
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
  response.cookies.set(hint.name, hint.value, hint.options);
  return response;
}

/** The store the browser's client talks to: public facts of this server's environment. */
function answerStore(config: StoreConfig): Response {
  return Response.json(
    { clientId: config.clientId, baseUrl: config.baseUrl ?? null },
    { headers: { 'cache-control': 'no-store' } },
  );
}

/** A request the browser makes ahead of a navigation that may never happen. */
function isPrefetch(request: NextRequest): boolean {
  const headers = request.headers;
  return (
    headers.get('next-router-prefetch') === '1' ||
    headers.get('purpose') === 'prefetch' ||
    (headers.get('sec-purpose') ?? '').includes('prefetch')
  );
}
