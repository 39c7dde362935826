import type { ResponseMode } from '../../models/redirects.js';
import { StoreAuthError } from '../store-auth-error.js';

/** What the hosted login page returned in the address. */
export interface OAuthCallbackParams {
  code: string | undefined;
  state: string | undefined;
  error?: string;
  errorDescription?: string;
}

/** The return parameters, and whether any of them appeared more than once (a forged URL). */
export interface ReadCallback {
  params: OAuthCallbackParams;
  duplicated: boolean;
}

const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description'] as const;

/**
 * Reads `code`, `state`, `error` and `error_description` from a return address: from the
 * fragment or the query as `responseMode` says, or, when it is not given, from whichever holds
 * them (fragment first). A parameter that appears twice reads as missing.
 *
 * @param url the address. @default window.location.href
 * @example
 * const { code, state, error } = store.auth.parseFromUrl();
 */
export function parseFromUrl(url?: string, responseMode?: ResponseMode): OAuthCallbackParams {
  return readCallback(url, responseMode).params;
}

/** {@link parseFromUrl}, telling duplicated parameters apart. */
export function readCallback(url?: string, responseMode?: ResponseMode): ReadCallback {
  const href = url ?? (globalThis as { location?: Location }).location?.href ?? '';
  let parsed: URL;
  try {
    parsed = new URL(href, 'http://callback.invalid');
  } catch {
    return { params: { code: undefined, state: undefined }, duplicated: false };
  }
  const fragment = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  const query = parsed.searchParams;
  const carries = (params: URLSearchParams): boolean =>
    CALLBACK_PARAMS.some((name) => params.has(name));
  const source =
    responseMode === 'query'
      ? query
      : responseMode === 'fragment'
        ? fragment
        : carries(fragment)
          ? fragment
          : query;

  let duplicated = false;
  const one = (name: string): string | undefined => {
    const values = source.getAll(name);
    if (values.length > 1) duplicated = true;
    return values.length === 1 && values[0] !== '' ? values[0] : undefined;
  };
  const params: OAuthCallbackParams = { code: one('code'), state: one('state') };
  const error = one('error');
  const errorDescription = one('error_description');
  if (error !== undefined) params.error = error;
  if (errorDescription !== undefined) params.errorDescription = errorDescription;
  return { params, duplicated };
}

/** `url` without the return parameters, in query and fragment alike. */
export function withoutCallbackParams(url: string): string {
  const parsed = new URL(url);
  for (const name of CALLBACK_PARAMS) parsed.searchParams.delete(name);
  const fragment = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  const hadParams = CALLBACK_PARAMS.some((name) => fragment.has(name));
  if (hadParams) {
    for (const name of CALLBACK_PARAMS) fragment.delete(name);
    parsed.hash = fragment.toString();
  }
  return parsed.toString();
}

/**
 * The first step of `handleRedirectCallback`: reads the return parameters of `url` (the current
 * address by default) and, when that is the address bar's, removes `code` and `state` from it
 * at once, before anything else can read or log them (and before the rest of the hosted-login
 * code has loaded).
 *
 * @throws {StoreAuthError} `NOT_SUPPORTED` without `url` outside a browser.
 */
export function takeRedirectCallback(url?: string): ReadCallback {
  const location = (globalThis as { location?: Location }).location;
  const href = url ?? location?.href;
  if (href === undefined) {
    throw new StoreAuthError({
      code: 'NOT_SUPPORTED',
      message: 'handleRedirectCallback needs the return address outside a browser',
    });
  }
  const callback = readCallback(href);
  if (location !== undefined && href === location.href) scrubAddressBar(href);
  return callback;
}

function scrubAddressBar(href: string): void {
  const history = (globalThis as { history?: History }).history;
  if (typeof history?.replaceState !== 'function') return;
  try {
    history.replaceState(history.state, '', withoutCallbackParams(href));
  } catch {
    // A sandboxed page may refuse; the tokens are still fine.
  }
}
