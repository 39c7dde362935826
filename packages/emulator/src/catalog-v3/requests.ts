/**
 * How Catalog V3 reads arrive (platform-wire-v3.md "Encoding of reads"): a GET whose payload is
 * `.r` (base64url JSON) when it has a nested key, or flat parameters otherwise (`?fields=URL&
 * fields=CURRENCY`, `?returnNonVisibleProducts=true`), and the same payload as JSON in a POST
 * (the client's fallback over 4000 characters, and what the docs' REST samples send).
 */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { readJsonObject } from '../http/body.js';
import { fieldError } from '../http/errors.js';
import { decodeDotR } from '../http/query.js';
import { acceptsQuery } from '../http/query-params.js';
import { withoutPathEchoes } from '../http/path-echoes.js';

/** How a flat parameter of a GET reads: repeated into a list, a boolean, or a string. */
export type FlatKind = 'list' | 'boolean' | 'string';

/** The payload of a flat GET: each declared parameter as its kind. */
export function flatPayload(
  c: Context<AppEnv>,
  params: Readonly<Record<string, FlatKind>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(params)) {
    const values = c.req.queries(name);
    if (values === undefined) continue;
    if (kind === 'list') out[name] = values;
    else if (kind === 'boolean') {
      if (values.length !== 1 || (values[0] !== 'true' && values[0] !== 'false'))
        throw fieldError(name, 'must be true or false', 'VALIDATION');
      out[name] = values[0] === 'true';
    } else {
      if (values.length !== 1) throw fieldError(name, 'must be given once', 'VALIDATION');
      out[name] = values[0];
    }
  }
  return out;
}

/** A read's payload: `.r` or flat parameters on a GET, the JSON body of a POST. */
export async function readV3Payload(
  c: Context<AppEnv>,
  flat: Readonly<Record<string, FlatKind>>,
): Promise<Record<string, unknown>> {
  if (c.req.method !== 'GET') return readJsonObject(c);
  const encoded = c.req.query('.r');
  const params = flatPayload(c, flat);
  if (encoded === undefined) return params;
  if (Object.keys(params).length > 0)
    throw fieldError('.r', 'cannot be sent with other parameters', 'ONE_OF_ALIGNMENT');
  return decodeDotR(encoded);
}

/**
 * Registers a read as the platform serves it: a GET (`.r` or flat parameters) and a POST with the
 * same payload, both answered by `answer`.
 */
export function readRoute(
  app: Hono<AppEnv>,
  path: string,
  flat: Readonly<Record<string, FlatKind>>,
  answer: (c: Context<AppEnv>, payload: Record<string, unknown>) => unknown,
): void {
  const handle = async (c: Context<AppEnv>) =>
    c.json(answer(c, await readV3Payload(c, flat)) as object);
  app.get(path, acceptsQuery('.r', ...Object.keys(flat)), handle);
  app.post(path, handle);
}

/** Dotted names of a flat payload as nested objects (`treeReference.appNamespace`). */
export function unflatten(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(flat)) {
    const parts = name.split('.');
    let at = out;
    parts.slice(0, -1).forEach((part) => {
      const next = at[part];
      at = (typeof next === 'object' && next !== null ? next : (at[part] = {})) as Record<
        string,
        unknown
      >;
    });
    at[parts[parts.length - 1]!] = value;
  }
  return out;
}

/** A body value that should be a string (an id), or `''` when it is anything else. */
export function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What answers a call: the request's context and its payload or JSON body. */
export type CallHandler = (c: Context<AppEnv>, body: Record<string, unknown>) => unknown;

/**
 * Registers a JSON call (a POST or a PATCH); body fields that repeat a path parameter are
 * dropped once checked.
 */
export function jsonRoute(
  app: Hono<AppEnv>,
  method: 'post' | 'patch',
  path: string,
  answer: CallHandler,
): void {
  app[method](path, async (c) => {
    const body = withoutPathEchoes(c.req.param(), await readJsonObject(c));
    return c.json((await answer(c, body)) as object);
  });
}

/** Refuses a body key outside `keys`. @throws {ApiError} 400 `FIELD_NOT_ALLOWED` naming it. */
export function checkKeys(body: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of Object.keys(body))
    if (!keys.includes(key)) throw fieldError(key, 'is not a known field', 'FIELD_NOT_ALLOWED');
}
