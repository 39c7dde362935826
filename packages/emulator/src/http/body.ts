/**
 * Request body reading with a hard size limit.
 *
 * Bodies are read from the stream and cut off at {@link MAX_BODY_BYTES}, whatever the
 * `Content-Length` says, so a 10 MB upload costs at most 1 MB of memory and answers 413.
 */
import type { Context } from 'hono';
import { applicationError, fieldError } from './errors.js';

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

/** Reads the raw body as text, refusing anything over {@link MAX_BODY_BYTES}. */
export async function readText(c: Context): Promise<string> {
  checkDeclaredLength(c.req.header('content-length'));
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

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Reads a JSON object body. An empty body reads as `{}` (several calls send none);
 * a non-JSON content type answers 415, malformed JSON or a non-object 400.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await readText(c);
  if (text.trim() === '') return {};
  const type = mediaType(c);
  if (type !== 'application/json' && !type.endsWith('+json')) {
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
  return value as Record<string, unknown>;
}

/** Reads an HTML form (`application/x-www-form-urlencoded`) body of a hosted page. */
export async function readForm(c: Context): Promise<URLSearchParams> {
  const text = await readText(c);
  return new URLSearchParams(text);
}
