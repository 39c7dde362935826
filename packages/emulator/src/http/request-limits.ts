/**
 * Limits on a request's head: the URL and the headers. Node parses heads up to
 * {@link HEAD_PARSE_LIMIT} bytes, so an oversized one still reaches this middleware and gets a
 * 414 or 431 in the platform's shape (and the connection stays usable); anything larger is
 * answered by the server's client-error handler (server-errors.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { applicationError } from './errors.js';

/** Longest URL (path and query) accepted: the `.r` GET falls back to POST past 4000 characters. */
export const MAX_URL_LENGTH = 16 * 1024;
/** Most header bytes (names and values) accepted. */
export const MAX_HEADER_BYTES = 32 * 1024;
/** What Node parses before refusing a request head on its own (`maxHeaderSize`). */
export const HEAD_PARSE_LIMIT = 256 * 1024;

/** 414 in the platform's shape. */
export function uriTooLong() {
  return applicationError(
    414,
    'URI_TOO_LONG',
    `The URL is longer than ${MAX_URL_LENGTH} characters; send a query as a POST body`,
  );
}

/** 431 in the platform's shape. */
export function headersTooLarge() {
  return applicationError(
    431,
    'REQUEST_HEADER_FIELDS_TOO_LARGE',
    `The request headers are larger than ${MAX_HEADER_BYTES} bytes`,
  );
}

function headerBytes(rawHeaders: readonly string[] | undefined, headers: Headers): number {
  let total = 0;
  if (rawHeaders) for (const part of rawHeaders) total += part.length;
  else headers.forEach((value, name) => (total += name.length + value.length));
  return total;
}

/** Middleware refusing an oversized URL (414) or oversized headers (431). */
export function requestLimits(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.env?.incoming;
    const target = incoming?.url ?? new URL(c.req.url).pathname + new URL(c.req.url).search;
    if (target.length > MAX_URL_LENGTH) throw uriTooLong();
    if (headerBytes(incoming?.rawHeaders, c.req.raw.headers) > MAX_HEADER_BYTES)
      throw headersTooLarge();
    await next();
  };
}
