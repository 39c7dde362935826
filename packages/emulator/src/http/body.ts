/**
 * Request bodies: read with a hard size limit, parsed, held to the JSON limits and checked against
 * a schema, in that order, before a handler sees anything.
 *
 * Bodies are read from the stream and cut off at {@link MAX_BODY_BYTES}, whatever the
 * `Content-Length` says, so a 10 MB upload costs at most 1 MB of memory and answers 413; the rest
 * of it is read and dropped so the sender reads that answer (request-body.ts).
 *
 * Hono's `validator('json', …)` middleware is not used: it reads the whole body without this cap,
 * validates a non-JSON content type as `{}` instead of answering 415, and throws its own 400 for
 * malformed JSON. `readBody(c, schema)` does the same job in the platform's shapes.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import { applicationError, fieldError } from './errors.js';
import { checkJsonLimits } from './json-limits.js';
import { withoutPathEchoes } from './path-echoes.js';
import { parseOrThrow } from './schema.js';
import type { AppEnv } from './app-env.js';
import { discardRest, readIncomingBody } from './request-body.js';

/** Largest body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

function tooLarge() {
  return applicationError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The request body is larger than ${MAX_BODY_BYTES} bytes`,
  );
}

/** Refuses early when the declared length is already over the limit. */
export function checkDeclaredLength(header: string | undefined): void {
  if (header === undefined) return;
  const length = Number(header);
  if (Number.isFinite(length) && length > MAX_BODY_BYTES) throw tooLarge();
}

/**
 * Reads the raw body as text, refusing anything over {@link MAX_BODY_BYTES}: from Node's request
 * when served by the emulator's listeners, else (`app.request` in tests) from the `Request`.
 */
export async function readText(c: Context): Promise<string> {
  const incoming = (c.env as AppEnv['Bindings'] | undefined)?.incoming;
  try {
    checkDeclaredLength(c.req.header('content-length'));
  } catch (error) {
    if (incoming) discardRest(incoming);
    throw error;
  }
  if (incoming)
    return (await readIncomingBody(incoming, MAX_BODY_BYTES, tooLarge)).toString('utf8');
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The media type of the request, lower case, without parameters. */
export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * Reads a JSON object body. No body and no content type reads as `{}` (several calls send
 * none); a non-JSON content type answers 415; malformed JSON (an empty body declared as JSON
 * included), a non-object or a document nested too deeply 400. Fields repeating the route's path
 * parameters with the same value are left out, and refused when they differ (path-echoes.ts).
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await readText(c);
  const type = mediaType(c);
  if (text === '' && type === '') return {};
  if (!isJsonType(type)) {
    throw applicationError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError('body', 'must be valid JSON', 'FORMAT');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError('body', 'must be a JSON object', 'VALIDATION');
  }
  checkJsonLimits(value, 'body');
  return withoutPathEchoes(c.req.param(), value as Record<string, unknown>);
}

/**
 * Reads a JSON body and checks it against `schema`.
 * @throws {ApiError} 413, 415 or 400 naming every bad field.
 */
export async function readBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parseOrThrow(schema, await readJsonObject(c));
}

/** Reads an HTML form (`application/x-www-form-urlencoded`) body of a hosted page. */
export async function readForm(c: Context): Promise<URLSearchParams> {
  const text = await readText(c);
  const type = mediaType(c);
  if (text !== '' && type !== 'application/x-www-form-urlencoded') {
    throw applicationError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the form as application/x-www-form-urlencoded',
    );
  }
  return new URLSearchParams(text);
}
