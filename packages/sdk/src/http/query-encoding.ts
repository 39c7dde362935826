import type { ApiCall } from './api-call.js';
import { serializeBody } from './serialize.js';
import type { Transport } from './transport.js';

/** Longest search string (`.r=…`) a query GET may carry before it falls back to a POST. */
export const MAX_GET_QUERY_LENGTH = 4000;

/** How a query call goes on the wire. */
export type QueryPlan =
  | { method: 'GET'; /** The value of `.r`. */ encoded: string; json: string }
  | { method: 'POST'; json: string };

/**
 * Plans a query call: a GET whose single parameter `.r` is the body
 * as base64url JSON without padding, or, when that search string would pass
 * {@link MAX_GET_QUERY_LENGTH} characters, a POST of the same JSON to the same path.
 */
export function planQueryRequest(body: unknown, maxLength = MAX_GET_QUERY_LENGTH): QueryPlan {
  const json = serializeBody(body);
  const encoded = encodeBase64Url(json);
  // The limit applies to the whole search string, `.r=` included.
  return `.r=${encoded}`.length > maxLength
    ? { method: 'POST', json }
    : { method: 'GET', encoded, json };
}

/** UTF-8 → base64url without `=` padding. Uses only web APIs, so it runs everywhere. */
export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunks keep `String.fromCharCode` under engines' argument limits on large bodies.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (padded or not) → UTF-8 text. The inverse of {@link encodeBase64Url}. */
export function decodeBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * Sends a query body as a `.r` GET, or as a POST of the same JSON when the GET would be too long
 * (a read still: it keeps the retries of a GET). Only the parts loaded on first use make queries,
 * so this lives beside the encoding, not in the transport every page loads.
 */
export function queryRequest<T = Record<string, unknown>>(
  transport: Transport,
  path: string,
  body: unknown,
  call: Omit<ApiCall, 'method' | 'path' | 'body'> = {},
): Promise<T> {
  const plan = planQueryRequest(body);
  return plan.method === 'GET'
    ? transport.request<T>({ ...call, method: 'GET', path, searchParams: { '.r': plan.encoded } })
    : transport.request<T>({ retry: true, ...call, method: 'POST', path, body });
}
