/**
 * One attempt of a call through ky, once its `Authorization` is known: its headers and body, its
 * bounds (time, the call's deadline, size, the caller's signal), its retries and `keepalive`. A
 * failure becomes the SDK's error; the mapping (and its texts) loads with the first failure, as
 * a storefront's first page never needs it.
 */
import type { Options as KyOptions } from 'ky';
import type { RawCall } from './api-call.js';
import { ATTEMPT_BOUNDS, type AttemptBounds } from './bounded-fetch.js';
import type { CallDeadline } from './call-deadline.js';
import type { CallFacts } from './errors/to-call-error.js';
import type { HttpCore } from './http-core.js';
import { loadOnFirstUse } from './load-on-first-use.js';
import { retriesOf } from './retry-policy.js';

/**
 * One attempt's outcome: the response with what an error about it needs, or the mapped error
 * with the header that was refused (for the 401 replay decision).
 */
export type Attempt =
  | { ok: true; response: Response; facts: CallFacts }
  | { ok: false; error: unknown; authorization: string | undefined };

/** One attempt to make. */
export interface AttemptRequest {
  call: RawCall;
  url: string;
  deadline: CallDeadline;
  /** The header to send, if any. */
  authorization: string | undefined;
  /** The JSON body as sent, when the call has one. */
  jsonBody?: string | undefined;
  /** The body as given, for validation messages. */
  body?: unknown;
}

// Browsers keep a request alive only up to 64 KiB of body; a JSON body of this many UTF-16
// units is at most 48 KiB of UTF-8.
const KEEPALIVE_MAX_CHARS = 16 * 1024;

/** The mapping of failures to the SDK's errors, loaded with the first failure. */
export const loadFailures = /* @__PURE__ */ loadOnFirstUse(
  () => import('./errors/to-call-error.js'),
);

/** `thrown` as the SDK's error (or as itself, when it is not an object). */
export async function failure(thrown: unknown, facts: CallFacts): Promise<unknown> {
  const { toCallError } = await loadFailures();
  return toCallError(thrown, facts);
}

/** Sends one attempt of a call through the client's ky instance. */
export async function sendAttempt(core: HttpCore, request: AttemptRequest): Promise<Attempt> {
  const { call, url, deadline, authorization, jsonBody } = request;
  const timeout = call.timeout ?? core.options.timeout;
  // What an error would need; redacted and scrubbed only if one occurs.
  const facts: CallFacts = {
    method: call.method,
    url,
    authorization,
    body: request.body,
    secrets: call.secrets,
    argumentNames: call.argumentNames,
    timeout,
  };

  const headers = new Headers(call.headers);
  if (authorization !== undefined) headers.set('authorization', authorization);
  if (jsonBody !== undefined) headers.set('content-type', 'application/json');
  const bounds: AttemptBounds = {
    timeout,
    deadline,
    maxResponseBytes: core.options.maxResponseBytes,
    callerSignal: call.signal,
    attempts: core.attempts,
  };
  const kyOptions: KyOptions & { [ATTEMPT_BOUNDS]: AttemptBounds } = {
    method: call.method,
    headers,
    body: jsonBody ?? call.rawBody ?? null,
    retry: retriesOf(core.retry, call.retry, deadline),
    [ATTEMPT_BOUNDS]: bounds,
  };
  // The caller's signal also cuts ky's waits between retries short.
  if (call.signal) kyOptions.signal = call.signal;
  // Only a JSON body (or none) is measured, so only such calls are kept alive.
  const bodyChars = jsonBody?.length ?? (call.rawBody == null ? 0 : Infinity);
  if (call.keepalive && bodyChars <= KEEPALIVE_MAX_CHARS) kyOptions.keepalive = true;

  try {
    return { ok: true, response: await core.http(url, kyOptions), facts };
  } catch (thrown) {
    // A caller's abort is not a platform failure: rethrow it as fetch would.
    if (call.signal?.aborted) return { ok: false, error: call.signal.reason, authorization };
    return { ok: false, error: await failure(thrown, facts), authorization };
  }
}
