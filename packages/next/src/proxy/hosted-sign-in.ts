/**
 * Signing in on the store's hosted page, with the session on the shop's server: the proxy starts
 * it (`GET /_vitrine/sign-in?returnTo=…`: PKCE data kept in an HttpOnly cookie, the browser sent
 * to the hosted page with `responseMode: 'query'`) and finishes it when the page returns to the
 * callback path with `code` and `state` (the code exchanged here, the visitor's cart carried into
 * the member's, the member's session written, the address bar cleared by a redirect). The code,
 * verifier and tokens never reach the browser's scripts.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isStoreApiError, isVitrineError, toSameOriginPath, type OAuthData } from '@vitrine/sdk';
import {
  PENDING_SIGN_IN_SECONDS,
  cartHintCookieName,
  pendingSignInCookieName,
  shopCookie,
  type CookieToWrite,
} from '../shared/cookies.js';
import { shopOrigin, type StoreConfig } from '../server/store-config.js';
import { requestClientOptions, sessionClient } from './session.js';

/** Why a hosted sign-in came back without a member, as the callback page reads it (`?error=`). */
export type SignInReturnError =
  'invalid_state' | 'sign_in_failed' | 'store_unreachable' | (string & {});

/** Starts a hosted sign-in: the answer to `GET /_vitrine/sign-in?returnTo=/path`. */
export async function startHostedSignIn(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<Response> {
  const origin = shopOrigin(config, request.headers, request.url);
  const returnTo = toSameOriginPath(request.nextUrl.searchParams.get('returnTo') ?? '/');
  const written: CookieToWrite[] = [];
  // The visitor's session first: its cart is carried into the member's on the return.
  const store = await requestSession(config, request, written, secure);
  if (store === undefined) return redirectTo(callbackUrl(config, origin, 'store_unreachable'));
  try {
    const data = store.auth.generateOAuthData(`${origin}${config.callbackPath}`, returnTo);
    const { authUrl } = await store.auth.getAuthUrl(data, { responseMode: 'query' });
    const pending = shopCookie(pendingSignInCookieName(config.clientId), encode(data), {
      secure,
      maxAge: PENDING_SIGN_IN_SECONDS,
      httpOnly: true,
    });
    return redirectTo(authUrl, [...written, pending]);
  } catch {
    return redirectTo(callbackUrl(config, origin, 'store_unreachable'), written);
  } finally {
    store.dispose();
  }
}

/**
 * Whether `request` is the hosted sign-in page's return: the callback path with `code`, `state`
 * or `error` in its query, while a sign-in started here is pending.
 */
export function isSignInReturn(config: StoreConfig, request: NextRequest): boolean {
  if (request.method !== 'GET' || request.nextUrl.pathname !== config.callbackPath) return false;
  const query = request.nextUrl.searchParams;
  return (
    request.cookies.has(pendingSignInCookieName(config.clientId)) &&
    (query.has('code') || query.has('state') || query.has('error'))
  );
}

/** Finishes a hosted sign-in (see {@link isSignInReturn}): a redirect, always. */
export async function finishHostedSignIn(
  config: StoreConfig,
  request: NextRequest,
  secure: boolean,
): Promise<Response> {
  const origin = shopOrigin(config, request.headers, request.url);
  const pendingName = pendingSignInCookieName(config.clientId);
  const pending = decode(request.cookies.get(pendingName)?.value);
  const query = request.nextUrl.searchParams;
  const code = query.get('code');
  const state = query.get('state');
  const written: CookieToWrite[] = [];
  // Whatever happens, the pending sign-in is used up.
  const done = shopCookie(pendingName, '', { secure, maxAge: 0, httpOnly: true });
  const redirect = (to: string) => redirectTo(new URL(to, origin).href, [...written, done]);
  const error = query.get('error');
  if (error !== null) return redirect(callbackUrl(config, origin, oauthErrorCode(error)));
  if (pending === undefined || code === null || state === null || state !== pending.state) {
    return redirect(callbackUrl(config, origin, 'invalid_state'));
  }
  const store = await requestSession(config, request, written, secure);
  if (store === undefined) return redirect(callbackUrl(config, origin, 'store_unreachable'));
  try {
    // Resolves once the visitor's cart is carried into the member's.
    await store.auth.getMemberTokens(code, state, pending);
    // The member may have a cart of their own: nothing is known of it here.
    written.push(
      shopCookie(cartHintCookieName(config.clientId), '', { secure, maxAge: 0, httpOnly: false }),
    );
    return redirect(pending.originalUri);
  } catch (failure) {
    const unreachable = isVitrineError(failure) && failure.retryable && !isStoreApiError(failure);
    return redirect(
      callbackUrl(config, origin, unreachable ? 'store_unreachable' : 'sign_in_failed'),
    );
  } finally {
    store.dispose();
  }
}

/**
 * A 303 to `to` (absolute: the shop's origin, or the store's hosted page) writing `cookies`, never
 * kept by a cache: it is this shopper's, and the address comes from this server's configuration.
 */
function redirectTo(to: string, cookies: readonly CookieToWrite[] = []): Response {
  const response = NextResponse.redirect(to, 303);
  for (const cookie of cookies) response.cookies.set(cookie.name, cookie.value, cookie.options);
  response.headers.set('cache-control', 'private, no-store');
  return response;
}

/** The request's session client (minted when it has none), or `undefined` when the store is unreachable. */
async function requestSession(
  config: StoreConfig,
  request: NextRequest,
  written: CookieToWrite[],
  secure: boolean,
) {
  try {
    return await sessionClient(requestClientOptions(config, request, written, secure));
  } catch {
    return undefined;
  }
}

/** The callback page with an error for it to show: no code or state left in the address. */
function callbackUrl(config: StoreConfig, origin: string, error: SignInReturnError): string {
  return `${origin}${config.callbackPath}?error=${encodeURIComponent(error)}`;
}

// An OAuth error code of the hosted page (`access_denied`, `login_required`…), or a generic one.
function oauthErrorCode(error: string): SignInReturnError {
  return /^[a-z_]{1,64}$/.test(error) ? error : 'sign_in_failed';
}

function encode(data: OAuthData): string {
  return Buffer.from(JSON.stringify(data), 'utf8').toString('base64url');
}

/** The pending sign-in of a cookie, or `undefined` for one that is missing or not ours. */
function decode(value: string | undefined): OAuthData | undefined {
  if (value === undefined || value.length > 4096) return undefined;
  try {
    const data = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OAuthData>;
    const fields = [
      'redirectUri',
      'originalUri',
      'codeVerifier',
      'codeChallenge',
      'state',
    ] as const;
    if (!fields.every((field) => typeof data[field] === 'string')) return undefined;
    return { ...(data as OAuthData), originalUri: toSameOriginPath(data.originalUri) };
  } catch {
    return undefined;
  }
}
