/**
 * The address a shopper returns to after signing in or out is only ever a path of this site:
 * anything that could lead elsewhere (`//evil.com`, `/\evil.com`, `https://evil.com`,
 * `javascript:…`, or a path whose dot segments resolve to `//evil.com`) falls back to `/`. The
 * one judge of every redirect of the SDK and of `@vitrine/next`.
 */
import { hasControlCharacters } from '../../internal/checks.js';

// Any base serves: only the path, query and fragment of a value resolved against it are kept.
const BASE = 'http://same.invalid';

// An encoded slash or backslash, as is or encoded again (`%2f`, `%5C`, `%252f`): a server or a
// browser that decodes the path once more would read a separator there.
const ENCODED_SEPARATOR = /%(?:25)*(?:2f|5c)/i;

/**
 * `value` as a same-origin path (`/account?tab=orders#top`), or `/` when it is not one. The path
 * is normalised before it is judged, as a browser and a server resolve it: dot segments
 * (`/a/../b`, `/%2e/b`) resolved, and what that leaves is returned. A path whose resolution
 * starts with `//` (another host, to a browser) or that holds an encoded slash or backslash is
 * refused. An absolute URL is accepted only on `currentOrigin` and reduced to its path.
 *
 * @example
 * toSameOriginPath('/account');             // '/account'
 * toSameOriginPath('/a/../cart');           // '/cart'
 * toSameOriginPath('//evil.com/x');         // '/'
 * toSameOriginPath('/%2e//evil.com');       // '/'
 * toSameOriginPath('https://shop.example/cart', 'https://shop.example'); // '/cart'
 */
export function toSameOriginPath(value: unknown, currentOrigin?: string): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return '/';
  // Control characters and backslashes are how `/\evil.com` and `/\t/evil.com` sneak past checks.
  if (value.includes('\\') || hasControlCharacters(value)) return '/';
  if (value.startsWith('/')) return value.startsWith('//') ? '/' : normalisedPath(value, BASE);
  if (currentOrigin === undefined) return '/';
  let url: URL;
  try {
    url = new URL(value); // absolute only: 'evil.com' or '../x' are not paths of this site
  } catch {
    return '/';
  }
  if (url.origin !== currentOrigin || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return '/';
  }
  return normalisedPath(`${url.pathname}${url.search}${url.hash}`, url.origin);
}

/**
 * `path` resolved against `base` as a browser resolves it (dot segments, `%2e` included), when
 * what is left is a path of `base`'s origin that no second reading turns into another host.
 */
function normalisedPath(path: string, base: string): string {
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(base).origin) return '/';
  const resolved = url.pathname;
  if (!resolved.startsWith('/') || resolved.startsWith('//') || ENCODED_SEPARATOR.test(resolved)) {
    return '/';
  }
  return `${resolved}${url.search}${url.hash}`;
}

/** The origin of the current page, when there is one. */
export function currentOrigin(): string | undefined {
  const location = (globalThis as { location?: Location }).location;
  const origin = location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}
