import { StoreArgumentError } from '../../errors/argument-error.js';
import { memoryStorage } from './memory.js';
import type { TokenStorage } from './types.js';

/**
 * The attributes a cookie is written with. The shape is what Next.js's `cookies().set` and
 * most frameworks take as is (`sameSite` in lower case, `maxAge` in seconds); for Express,
 * whose `res.cookie` reads `maxAge` in milliseconds, write {@link serializeCookie}'s header.
 */
export interface CookieAttributes {
  /** @default '/' */
  path: string;
  /** Always `'lax'`: sent on top-level navigations from other sites, never on their requests. */
  sameSite: 'lax';
  /** `true` on https, `false` on plain http (see {@link CookieStorageOptions.secure}). */
  secure: boolean;
  /** Lifetime in seconds; `0` deletes the cookie. */
  maxAge: number;
  /** The same lifetime as a date, for frameworks that want `expires`. */
  expires: Date;
  domain?: string;
  /**
   * Present and `true` when page scripts must not read the cookie (a server's session, with the
   * browser's client on `sessionEndpoint`).
   */
  httpOnly?: true;
}

/** Options of {@link cookieStorage}. */
export interface CookieStorageOptions {
  /**
   * Reads a cookie of the current request (or of `document.cookie`). Return the value as the
   * framework gives it; the SDK only writes cookie-safe characters, so decoding does not matter.
   * @default reads `document.cookie` in browsers
   * @example (name) => request.cookies.get(name)?.value
   */
  get?: (name: string) => string | null | undefined;
  /**
   * Writes (or, with `maxAge: 0`, deletes) a cookie of the response.
   * @default writes `document.cookie` in browsers
   * @example (name, value, attributes) => response.cookies.set(name, value, attributes)
   */
  set?: (name: string, value: string, attributes: CookieAttributes) => void;
  /**
   * Lifetime of the cookies, in days.
   * @default 30
   */
  days?: number;
  /** @default '/' */
  path?: string;
  /** @default the host of the response */
  domain?: string;
  /**
   * Adds `Secure`. On a server, pass whether the request came over https (the server entry
   * `createServerStoreClient` does, from the request's URL): a browser drops a `Secure` cookie
   * set over plain http, except on `localhost`.
   * @default in a browser, whether the page is served over https; on a server, `true`
   */
  secure?: boolean;
  /**
   * Adds `HttpOnly`: page scripts cannot read the tokens, so an injected script cannot take a
   * member's long-lived session. Only a server can write such a cookie; the browser's client
   * then gets its access tokens from the server (`sessionEndpoint`).
   * @default false
   */
  httpOnly?: boolean;
}

// A browser drops a cookie whose name, value and attributes pass 4096 bytes; stay well under.
const MAX_CHUNK = 3500;
const SINGLE_PREFIX = 'v1.';
const CHUNKED_PREFIX = 'v1c.';
const MAX_CHUNKS = 20;

/**
 * Keeps values in cookies, for server rendering: the server reads the shopper's tokens from the
 * request and writes renewed ones to the response, through functions you give, so it works
 * with any framework. Cookies are `SameSite=Lax`, `Path=/`, `Secure` on https, expire after
 * `days` days, and stay under 4 KB each (longer values are split over several cookies).
 * Values that are missing, partial or corrupt read as empty; a `set` that throws (headers
 * already sent, a React Server Component) keeps the value in memory for this client.
 *
 * In a browser, without `get` and `set`, it reads and writes `document.cookie`: the same
 * cookies the server wrote, so the browser reuses the server's tokens. Where there is neither
 * (a client component pre-rendered on a server), it reads no cookie and keeps what is written
 * in memory for this client.
 *
 * Create one per request on servers, like the client itself.
 *
 * @example
 * // Next.js route handler
 * const jar = await cookies();
 * const store = createStoreClient({
 *   clientId,
 *   storage: cookieStorage({
 *     get: (name) => jar.get(name)?.value,
 *     set: (name, value, attributes) => jar.set(name, value, { ...attributes, sameSite: 'lax' }),
 *   }),
 * });
 * @throws {StoreArgumentError} for `days` that is not a positive number, or only one of `get`
 * and `set`.
 */
export function cookieStorage(options: CookieStorageOptions = {}): TokenStorage {
  if ((options.get === undefined) !== (options.set === undefined)) {
    throw new StoreArgumentError('cookieStorage', 'pass both get and set, or neither');
  }
  const readCookie = options.get ?? readDocumentCookie;
  const writeCookie = options.set ?? writeDocumentCookie;
  const days = options.days ?? 30;
  if (!Number.isFinite(days) || days <= 0) {
    throw new StoreArgumentError('cookieStorage.days', 'must be a positive number of days');
  }
  const secure = (): boolean =>
    options.secure ??
    (hasDocumentCookie()
      ? (globalThis as { location?: Location }).location?.protocol === 'https:'
      : true);
  // The caller's `get` reads the request, which does not see what this client wrote to the
  // response: remember our own writes. (`document.cookie` needs no such memory.)
  const written = options.get ? new Map<string, string | null>() : undefined;
  const fallback = memoryStorage();

  const attributes = (maxAge: number): CookieAttributes => ({
    path: options.path ?? '/',
    sameSite: 'lax',
    secure: secure(),
    maxAge,
    expires: new Date(Date.now() + maxAge * 1000),
    ...(options.domain === undefined ? {} : { domain: options.domain }),
    ...(options.httpOnly === true ? { httpOnly: true as const } : {}),
  });
  const read = (name: string): string | null => {
    if (written?.has(name)) return written.get(name) ?? null;
    try {
      const value = readCookie(name);
      return typeof value === 'string' && value !== '' ? value : null;
    } catch {
      return null;
    }
  };
  const write = (name: string, value: string | null): void => {
    written?.set(name, value);
    writeCookie(name, value ?? '', attributes(value === null ? 0 : Math.round(days * 86_400)));
  };
  const chunkCount = (name: string): number => {
    const head = read(name);
    if (head === null || !head.startsWith(CHUNKED_PREFIX)) return 0;
    const count = Number(head.slice(CHUNKED_PREFIX.length));
    return Number.isInteger(count) && count > 0 && count <= MAX_CHUNKS ? count : 0;
  };

  return {
    getItem(key) {
      const fromMemory = fallback.getItem(key);
      if (fromMemory !== undefined) return fromMemory;
      const name = cookieName(key);
      const head = read(name);
      if (head === null) return null;
      let encoded: string;
      if (head.startsWith(SINGLE_PREFIX)) encoded = head.slice(SINGLE_PREFIX.length);
      else {
        const count = chunkCount(name);
        if (count === 0) return null;
        const parts: string[] = [];
        for (let i = 0; i < count; i++) {
          const part = read(`${name}.${i}`);
          if (part === null) return null; // a chunk went missing: partial data reads as empty
          parts.push(part);
        }
        encoded = parts.join('');
      }
      return decodeValue(encoded);
    },
    setItem(key, value) {
      const name = cookieName(key);
      const encoded = encodeValue(value);
      const previousChunks = chunkCount(name);
      try {
        let chunks = 0;
        if (encoded.length + SINGLE_PREFIX.length <= MAX_CHUNK) {
          write(name, SINGLE_PREFIX + encoded);
        } else {
          chunks = Math.ceil(encoded.length / MAX_CHUNK);
          if (chunks > MAX_CHUNKS) throw new RangeError('value too large for cookies');
          for (let i = 0; i < chunks; i++) {
            write(`${name}.${i}`, encoded.slice(i * MAX_CHUNK, (i + 1) * MAX_CHUNK));
          }
          write(name, `${CHUNKED_PREFIX}${chunks}`);
        }
        for (let i = chunks; i < previousChunks; i++) write(`${name}.${i}`, null);
        fallback.removeItem(key);
      } catch {
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      fallback.removeItem(key);
      const name = cookieName(key);
      const chunks = chunkCount(name);
      try {
        for (let i = 0; i < chunks; i++) write(`${name}.${i}`, null);
        if (read(name) !== null) write(name, null);
      } catch {
        // The response can no longer be changed; the memory copy is gone at least.
      }
    },
  };
}

/**
 * The `Set-Cookie` header value for a cookie, for frameworks where you write headers yourself.
 *
 * @example
 * cookieStorage({ get, set: (n, v, a) => response.headers.append('set-cookie', serializeCookie(n, v, a)) });
 */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  let cookie = `${name}=${value}; Path=${attributes.path}; Max-Age=${attributes.maxAge}; Expires=${attributes.expires.toUTCString()}; SameSite=Lax`;
  if (attributes.domain !== undefined) cookie += `; Domain=${attributes.domain}`;
  if (attributes.secure) cookie += '; Secure';
  if (attributes.httpOnly === true) cookie += '; HttpOnly';
  return cookie;
}

// Cookie names may not hold ':'; keep the namespace readable with '.'.
function cookieName(key: string): string {
  return key.replace(/[^A-Za-z0-9_.~-]/g, '.');
}

function encodeValue(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeValue(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function hasDocumentCookie(): boolean {
  return typeof document !== 'undefined' && typeof document.cookie === 'string';
}

function readDocumentCookie(name: string): string | undefined {
  if (!hasDocumentCookie()) return undefined;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function writeDocumentCookie(name: string, value: string, attributes: CookieAttributes): void {
  // Outside a browser this throws, and the storage keeps the value in memory instead.
  if (!hasDocumentCookie()) throw new Error('no document.cookie to write');
  document.cookie = serializeCookie(name, value, attributes);
}
