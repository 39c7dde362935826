/**
 * Path parameters repeated elsewhere in the request. The platform's official client sends every
 * path parameter of a call again: in the query string of a GET or DELETE
 * (`GET /v2/collections/slug/{slug}?slug=…`) and as a body field of a POST or PATCH
 * (`POST /stores/v1/products/{id}/remove-brand` with `{"id": …}`). Such a repeat is accepted when
 * it says the same as the path, which wins; one that names another entity is refused, since the
 * caller cannot mean both.
 */
import { fieldError } from './errors.js';

/**
 * The parameters of a route pattern (`/stores/v1/products/:id`) in a request path, decoded.
 * A segment that does not decode is left out: it cannot equal any repeat.
 * @example pathParameters('/v2/collections/slug/:slug', '/v2/collections/slug/home%20office')
 * // { slug: 'home office' }
 */
export function pathParameters(pattern: string, path: string): Record<string, string> {
  const names = pattern.split('/');
  const values = path.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = values[index];
    if (!name.startsWith(':') || value === undefined) return;
    try {
      params[name.slice(1)] = decodeURIComponent(value);
    } catch {
      // A malformed escape names nothing: the repeat is refused as differing.
    }
  });
  return params;
}

/**
 * Whether `name` repeats a path parameter. The repeat must say what the path says.
 * @throws {ApiError} 400 naming `name` when the repeat differs from the path.
 */
export function isPathEcho(
  params: Readonly<Record<string, string>>,
  name: string,
  value: unknown,
): boolean {
  if (!Object.hasOwn(params, name)) return false;
  if (value !== params[name])
    throw fieldError(name, 'must be the same as the path parameter of the same name', 'VALIDATION');
  return true;
}

/**
 * The body without the fields that repeat a path parameter (the handler reads the path).
 * @throws {ApiError} 400 when a repeat differs from the path.
 */
export function withoutPathEchoes(
  params: Readonly<Record<string, string>>,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const names = Object.keys(params).filter(
    (name) => Object.hasOwn(body, name) && isPathEcho(params, name, body[name]),
  );
  if (names.length === 0) return body;
  const rest = { ...body };
  for (const name of names) delete rest[name];
  return rest;
}
