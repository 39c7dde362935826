/**
 * How the official client puts a read's payload in its URL, for the calls that read with a GET
 * whose payload is more than a path (Catalog V3, Categories). One rule for all of them:
 *
 * - **Flat**: nested fields become dotted names (`treeReference.appNamespace=%40wix%2Fstores`),
 *   arrays repeat the name (`fields=URL&fields=CURRENCY`), `null` and `undefined` are left out,
 *   and so are the objects inside arrays.
 * - **`.r`**: a query-like read (query, search, count) whose payload has a nested field or an
 *   array of objects goes whole as `?.r=<base64url JSON, no padding>`; otherwise flat. An empty
 *   payload sends no query string.
 * - **POST fallback**: a read that has one is sent as a POST of the same JSON to the same path
 *   when its encoded parameters pass {@link MAX_GET_QUERY_LENGTH} characters.
 *
 * Loaded with the modules that use it (none of them is in a storefront's first download).
 */
import type { ApiCall } from './api-call.js';
import { MAX_GET_QUERY_LENGTH, encodeBase64Url } from './query-encoding.js';
import { serializeBody } from './serialize.js';

/** How one read's payload goes on the wire. */
export interface ReadEncoding {
  /**
   * A query-like read (query, search, count): the payload goes as `.r` when it has a nested
   * field or an array of objects. Otherwise it is always flat.
   */
  complex?: boolean;
  /** The read falls back to a POST of the same JSON when its parameters are too long. */
  fallback?: boolean;
}

/** How a read is sent: a GET with this query string (`''` for none), or a POST of this JSON. */
export type ReadPlan = { method: 'GET'; search: string } | { method: 'POST'; json: string };

type JsonRecord = Record<string, unknown>;

/** The payload's fields as dotted names, as the official client flattens them. */
function flatten(data: JsonRecord, prefix = '', into: JsonRecord = {}): JsonRecord {
  for (const [key, value] of Object.entries(data)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value as JsonRecord, name, into);
    } else {
      into[name] = value;
    }
  }
  return into;
}

/** The payload as JSON-safe data (dates as ISO strings, `undefined` fields left out). */
function jsonOf(payload: object): { json: string; data: JsonRecord } {
  const json = serializeBody(payload);
  return { json, data: JSON.parse(json) as JsonRecord };
}

/**
 * The payload as URL parameters, flat (see the module's comment), or as a single `.r` when
 * `complex` and the payload cannot be written flat.
 *
 * @example
 * toSearchParams({ productId: 'p1', fields: ['URL'] }).toString(); // 'productId=p1&fields=URL'
 * @throws {StoreArgumentError} for a value that cannot be sent as JSON (serialize.ts).
 */
export function toSearchParams(payload: object, complex = false): URLSearchParams {
  const { json, data } = jsonOf(payload);
  const flat = flatten(data);
  const entries = Object.entries(flat);
  const nested = entries.some(
    ([name, value]) =>
      name.includes('.') ||
      (Array.isArray(value) && value.some((item) => typeof item === 'object')),
  );
  if (complex && nested) return new URLSearchParams({ '.r': encodeBase64Url(json) });
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null || (Array.isArray(value) && typeof item === 'object'))
        continue;
      // What is left is a string, a number or a boolean (the payload went through JSON).
      params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return params;
}

/**
 * Plans a read: a GET with the payload in its query string, or, for a read with a fallback
 * whose parameters pass `maxLength` characters, a POST of the same JSON.
 */
export function planRead(
  payload: object,
  encoding: ReadEncoding = {},
  maxLength = MAX_GET_QUERY_LENGTH,
): ReadPlan {
  const search = toSearchParams(payload, encoding.complex).toString();
  return encoding.fallback === true && search.length > maxLength
    ? { method: 'POST', json: serializeBody(payload) }
    : { method: 'GET', search };
}

/** `path` with the query string `search` (none when empty). */
export function withSearch(path: string, search: string | URLSearchParams): string {
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The call of a read, as the transport sends it: a GET of `path` with the payload in its query
 * string, or its POST fallback (a read, so retried like a GET).
 *
 * @example
 * await transport.request({ ...readCall('/stores/v3/products/query', { query }, QUERY), signal });
 */
export function readCall(
  path: string,
  payload: object,
  encoding: ReadEncoding = {},
): Pick<ApiCall, 'method' | 'path' | 'body' | 'retry'> {
  const plan = planRead(payload, encoding);
  return plan.method === 'GET'
    ? { method: 'GET', path: withSearch(path, plan.search) }
    : { method: 'POST', path, body: payload, retry: true };
}
