/**
 * Turns a session token (from `login`/`register`) into member tokens without showing a page:
 * in a browser through a hidden frame answering with `web_message`,
 * elsewhere by reading the hosted page's redirect.
 */
import { oauthErrorCode } from '../../http/errors/oauth-error.js';
import { isJsonObject } from '../../internal/json.js';
import type { Tokens } from '../../models/tokens.js';
import type { AuthUrl, AuthUrlOptions } from './auth-url.js';
import { StoreAuthError } from '../store-auth-error.js';
import { invalidState, memberTokensFailed, missingCodeOrState } from '../sign-in-errors.js';
import type { OAuthData } from './oauth-data.js';
import { readCallback } from './parse-from-url.js';

/** Time limit of the silent login in a browser's hidden frame, in ms (two minutes). */
export const SILENT_LOGIN_TIMEOUT_MS = 120_000;

/** What the silent login needs from the rest of the client. */
export interface SilentLoginDeps {
  createOAuthData(redirectUri: string): OAuthData;
  getAuthUrl(oauthData: OAuthData, options: AuthUrlOptions): Promise<AuthUrl>;
  /** The code exchange, storing the member tokens. */
  exchange(code: string, state: string, oauthData: OAuthData): Promise<Tokens>;
  fetch: typeof fetch;
  /** Time limit of the redirect request outside browsers, in ms. */
  timeout: number;
}

/** `true` where a hidden frame can run: a DOM with `window` and `document.body`. */
export function canUseFrame(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof document !== 'undefined' &&
    typeof document.createElement === 'function' &&
    typeof window.addEventListener === 'function'
  );
}

/**
 * The hidden-frame login. Accepts only a message the browser delivered (`isTrusted`), from the
 * login page's exact origin, sent by our own frame, of type `authorization_response`, with our
 * `state`. An error answer rejects at
 * once; no answer in 120000 ms rejects with 'OAuth flow timed out'. Frame, listener and timer
 * are removed in every case.
 */
export async function loginInFrame(
  deps: SilentLoginDeps,
  sessionToken: string,
  redirectUri: string,
): Promise<Tokens> {
  const { oauthData, authUrl } = await silentAuthUrl(
    deps,
    sessionToken,
    redirectUri,
    'web_message',
  );
  const expectedOrigin = new URL(authUrl).origin;

  const code = await new Promise<string>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('tabindex', '-1');
    frame.title = 'Sign-in';
    frame.style.display = 'none';

    const cleanup = (): void => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
    };
    const onMessage = (event: MessageEvent): void => {
      // Only the browser's own delivery of a frame's postMessage: a page script can build a
      // MessageEvent with any origin and source, but not a trusted one.
      if (!event.isTrusted) return;
      if (event.origin !== expectedOrigin) return;
      if (frame.contentWindow === null || event.source !== frame.contentWindow) return;
      const data: unknown = event.data;
      if (!isJsonObject(data) || data.type !== 'authorization_response') return;
      const response = data.response;
      if (!isJsonObject(response) || response.state !== oauthData.state) return;
      cleanup();
      if (typeof response.error === 'string') {
        reject(authorizationError(response.error));
      } else if (typeof response.code === 'string' && response.code !== '') {
        resolve(response.code);
      } else {
        reject(memberTokensFailed());
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new StoreAuthError({
          code: 'OAUTH_TIMEOUT',
          message: 'OAuth flow timed out',
          retryable: true,
        }),
      );
    }, SILENT_LOGIN_TIMEOUT_MS);

    window.addEventListener('message', onMessage);
    frame.src = authUrl;
    document.body.appendChild(frame);
  });
  return deps.exchange(code, oauthData.state, oauthData);
}

/**
 * The same login outside browsers: requests the `responseMode=query` page with
 * `redirect: 'manual'` and reads the code from its `Location`.
 */
export async function loginByRedirect(
  deps: SilentLoginDeps,
  sessionToken: string,
  redirectUri: string,
): Promise<Tokens> {
  const { oauthData, authUrl } = await silentAuthUrl(deps, sessionToken, redirectUri, 'query');
  const secrets = [sessionToken, oauthData.state, authUrl];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeout);
  let location: string | null;
  let status: number;
  try {
    const response = await deps.fetch(authUrl, {
      method: 'GET',
      redirect: 'manual',
      signal: controller.signal,
      headers: { accept: 'text/html' },
    });
    status = response.status;
    location = response.headers.get('location');
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    throw memberTokensFailed(error, secrets, true);
  } finally {
    clearTimeout(timer);
  }
  if (status < 300 || status >= 400 || location === null) {
    throw new StoreAuthError({
      code: 'MEMBER_TOKENS_FAILED',
      message: 'Failed to get member tokens',
      status,
      retryable: status >= 500,
    });
  }
  const target = new URL(location, authUrl);
  const expected = new URL(redirectUri);
  if (target.origin !== expected.origin || target.pathname !== expected.pathname) {
    throw memberTokensFailed();
  }
  const { params, duplicated } = readCallback(target.href, 'query');
  if (!duplicated && params.state === oauthData.state && params.error !== undefined) {
    throw authorizationError(params.error);
  }
  if (duplicated || (params.state !== undefined && params.state !== oauthData.state)) {
    throw invalidState();
  }
  if (params.code === undefined || params.state === undefined) throw missingCodeOrState();
  return deps.exchange(params.code, params.state, oauthData);
}

/** The login page answered with an OAuth error (`login_required`, `access_denied`…). */
export function authorizationError(error: string): StoreAuthError {
  const oauthError = oauthErrorCode(error) ?? 'invalid_response';
  return new StoreAuthError({
    code: 'AUTHORIZATION_ERROR',
    message: `The login page answered with an error: ${oauthError}`,
    oauthError,
  });
}

// Both silent logins ask for the login page with `prompt=none` and the session token; only
// the way the page answers differs.
async function silentAuthUrl(
  deps: SilentLoginDeps,
  sessionToken: string,
  redirectUri: string,
  responseMode: 'web_message' | 'query',
): Promise<{ oauthData: OAuthData; authUrl: string }> {
  const oauthData = deps.createOAuthData(redirectUri);
  const { authUrl } = await deps.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode,
    sessionToken,
  });
  return { oauthData, authUrl };
}
