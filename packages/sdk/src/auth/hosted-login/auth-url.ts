/**
 * The hosted login page's address: asked of the platform as an `auth` redirect session
 *, and checked before anything loads it.
 */
import type { Prompt, ResponseMode } from '../../models/redirects.js';
import { StoreAuthError } from '../store-auth-error.js';
import type { OAuthData } from './oauth-data.js';
import type { StoreRedirects } from '../../redirects/redirect-session.js';

/** Options of `getAuthUrl`. */
export interface AuthUrlOptions {
  /** @default 'login' */
  prompt?: Prompt;
  /** @default 'fragment' */
  responseMode?: ResponseMode;
  /** A session token from `login`/`register`, to sign in without a form. A secret. */
  sessionToken?: string;
  signal?: AbortSignal;
}

/** The hosted login page to load. */
export interface AuthUrl {
  /** The full address, with every parameter. */
  authUrl: string;
  /** The same page without its parameters. */
  authorizationEndpoint: string;
  /** The session token of the redirect session, when the platform returned one. */
  sessionToken: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Creates the `auth` redirect session for `oauthData` and returns its address, after checking
 * that it is one the client may load.
 *
 * @throws {StoreAuthError} `UNSAFE_URL` when the address is not https on an allowed origin.
 * @throws {StoreApiError} when the platform refuses the redirect session.
 */
export async function getAuthUrl(
  deps: { redirects: StoreRedirects; clientId: string; loginPageOrigins: readonly string[] },
  oauthData: OAuthData,
  options: AuthUrlOptions = {},
): Promise<AuthUrl> {
  const { redirectSession } = await deps.redirects.createSession(
    {
      auth: {
        authRequest: {
          redirectUri: oauthData.redirectUri,
          clientId: deps.clientId,
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: options.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: oauthData.state,
          ...(options.sessionToken === undefined ? {} : { sessionToken: options.sessionToken }),
        },
        prompt: options.prompt ?? 'login',
      },
    },
    options.signal === undefined ? {} : { signal: options.signal },
  );
  const authUrl = checkLoginPageUrl(redirectSession.fullUrl, deps.loginPageOrigins);
  const endpoint = redirectSession.urlDetails?.endpoint;
  return {
    authUrl,
    authorizationEndpoint:
      typeof endpoint === 'string' && endpoint !== '' ? endpoint : withoutQuery(authUrl),
    sessionToken:
      typeof redirectSession.sessionToken === 'string' ? redirectSession.sessionToken : undefined,
  };
}

/**
 * `url` when the client may load it: an allowed origin, over https, or over http only on a
 * loopback address (the local emulator). Never `javascript:`, `data:` or a foreign host.
 *
 * @throws {StoreAuthError} `UNSAFE_URL` otherwise (the message never repeats the address, which
 * can hold a session token).
 */
export function checkLoginPageUrl(url: unknown, allowedOrigins: readonly string[]): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  const safe =
    parsed !== undefined &&
    (parsed.protocol === 'https:' ||
      (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname))) &&
    parsed.username === '' &&
    parsed.password === '' &&
    allowedOrigins.includes(parsed.origin);
  if (!safe) {
    throw new StoreAuthError({
      code: 'UNSAFE_URL',
      message: `The platform sent a login page address that is not https on an allowed origin (${allowedOrigins.join(', ')}); it was not loaded`,
    });
  }
  return url as string;
}

function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
