/**
 * The address a shopper returns to after signing in or out is only ever a path of this site
 *: anything that could lead elsewhere (`//evil.com`, `/\evil.com`,
 * `https://evil.com`, `javascript:…`) falls back to `/`.
 */
import { hasControlCharacters } from '../../internal/checks.js';

/**
 * `value` as a same-origin path (`/account?tab=orders#top`), or `/` when it is not one. An
 * absolute URL is accepted only on `currentOrigin` and reduced to its path.
 *
 * @example
 * toSameOriginPath('/account');          // '/account'
 * toSameOriginPath('//evil.com/x');      // '/'
 * toSameOriginPath('https://shop.example/cart', 'https://shop.example'); // '/cart'
 */
export function toSameOriginPath(value: unknown, currentOrigin?: string): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return '/';
  // Control characters and backslashes are how `/\evil.com` and `/\t/evil.com` sneak past checks.
  if (value.includes('\\') || hasControlCharacters(value)) return '/';
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return '/';
    return isSameOrigin(value, 'http://same.invalid', 'http://same.invalid') ? value : '/';
  }
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
  return `${url.pathname}${url.search}${url.hash}`;
}

function isSameOrigin(value: string, base: string, origin: string): boolean {
  try {
    const url = new URL(value, base);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:');
  } catch {
    return false;
  }
}

/** The origin of the current page, when there is one. */
export function currentOrigin(): string | undefined {
  const location = (globalThis as { location?: Location }).location;
  const origin = location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}
