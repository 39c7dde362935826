/**
 * One call's exchange with the platform, for a transport authorized by one provider: the
 * `Authorization` header it gets from the provider (or the call itself), each attempt through
 * ky with its bounds (time, the call's deadline, size, the caller's signal), its retries and
 * `keepalive`, one renewal and replay when the platform refuses the token (401), and reading the
 * answer within the attempt's bounds. Failures become the SDK's errors, through the
 * `beforeError` hooks; the mapping (and its texts) loads with the first failure, as a
 * storefront's first page never needs it.
 */
import type { Options as KyOptions } from 'ky';
import { isJsonObject, parseJsonSafely } from '../internal/json.js';
import type { AuthorizationProvider, RawCall } from './api-call.js';
import { ATTEMPT_BOUNDS, readText, readWhole, type AttemptBounds } from './bounded-fetch.js';
import type { CallDeadline } from './call-deadline.js';
import { StoreApiError } from './errors/store-api-error.js';
import type { CallFacts } from './errors/to-call-error.js';
import type { HttpCore } from './http-core.js';
import { loadOnFirstUse } from './load-on-first-use.js';
import { retriesOf } from './retry-policy.js';

/**
 * One attempt's outcome: the response with what an error about it needs, or the mapped error
 * with the header that was refused (for the 401 replay decision).
 */
type Attempt =
  | { ok: true; response: Response; facts: CallFacts }
  | { ok: false; error: unknown; authorization: string | undefined };

// Browsers keep a request alive only up to 64 KiB of body; a JSON body of this many UTF-16
// units is at most 48 KiB of UTF-8.
const KEEPALIVE_MAX_CHARS = 16 * 1024;

const loadFailures = /* @__PURE__ */ loadOnFirstUse(() => import('./errors/to-call-error.js'));

/** `thrown` as the SDK's error (or as itself, when it is not an object). */
async function failure(thrown: unknown, facts: CallFacts): Promise<unknown> {
  const { toCallError } = await loadFailures();
  return toCallError(thrown, facts);
}

/** A call the platform answered with a success status; its body is still to be read. */
export interface Sent {
  response: Response;
  facts: CallFacts;
}

/** The exchanges of one transport view. */
export interface Exchange {
  /**
   * Sends a call, every attempt within `deadline`; a 401 renews the token once and replays once.
   * @throws the call's error (the SDK's, through the `beforeError` hooks).
   */
  send(
    call: RawCall,
    url: string,
    deadline: CallDeadline,
    jsonBody?: string,
    body?: unknown,
  ): Promise<Sent>;
  /**
   * The answer's JSON object. Any status but 200 is an error on this platform, and a 200 must
   * carry a JSON object (or nothing).
   */
  readJson<T>(sent: Sent): Promise<T>;
  /** The answer with its body already read, for callers who read it themselves. */
  readWhole(sent: Sent): Promise<Response>;
}

/**
 * One attempt of a call (ky's retries within it): its `Authorization` header, its bounds, and
 * its failure as the SDK's error, with the header that was refused.
 */
async function attempt(
  core: HttpCore,
  auth: AuthorizationProvider,
  call: RawCall,
  url: string,
  deadline: CallDeadline,
  jsonBody?: string,
  body?: unknown,
): Promise<Attempt> {
  let authorization: string | undefined;
  try {
    const mode = call.authorization ?? 'provider';
    authorization =
      mode === 'none'
        ? undefined
        : mode === 'provider'
          ? await auth.getAuthorization(call.signal)
          : mode.header;
  } catch (error) {
    // Renewal failures are the auth layer's typed errors already.
    return { ok: false, error, authorization: undefined };
  }
  const timeout = call.timeout ?? core.options.timeout;
  // What an error would need; redacted and scrubbed only if one occurs.
  const facts: CallFacts = {
    method: call.method,
    url,
    authorization,
    body,
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
    retry: retriesOf(core.options.retry, call.retry, deadline),
    [ATTEMPT_BOUNDS]: bounds,
  };
  // The caller's signal also cuts ky's waits between retries short.
  if (call.signal) kyOptions.signal = call.signal;
  // Kept alive when asked (the cart's changes: a JSON body or none) and small enough.
  if (call.keepalive && (jsonBody?.length ?? 0) <= KEEPALIVE_MAX_CHARS) kyOptions.keepalive = true;
  try {
    return { ok: true, response: await core.http(url, kyOptions), facts };
  } catch (thrown) {
    // A caller's abort is not a platform failure: rethrow it as fetch would.
    if (call.signal?.aborted) return { ok: false, error: call.signal.reason, authorization };
    return { ok: false, error: await failure(thrown, facts), authorization };
  }
}

/** The exchanges of calls authorized by `auth`. */
export function createExchange(core: HttpCore, auth: AuthorizationProvider): Exchange {
  // A 401 means the token was refused (revoked, or expired early): renew once and replay once.
  function isReplayable(call: RawCall, result: Extract<Attempt, { ok: false }>): boolean {
    return (
      result.error instanceof StoreApiError &&
      result.error.status === 401 &&
      (call.authorization ?? 'provider') === 'provider' &&
      result.authorization !== undefined &&
      auth.onUnauthorized !== undefined
    );
  }

  async function withHooks(error: unknown): Promise<unknown> {
    if (!(error instanceof StoreApiError)) return error;
    let result = error;
    for (const hook of core.options.hooks.beforeError) result = await hook(result);
    return result;
  }

  // The attempt's bounds (time, size) ended the read: that is the call's failure.
  const readFailed = async (error: unknown, facts: CallFacts) =>
    withHooks(await failure(error, facts));

  return {
    async send(call, url, deadline, jsonBody, body) {
      let result = await attempt(core, auth, call, url, deadline, jsonBody, body);
      if (!result.ok && isReplayable(call, result)) {
        if (await auth.onUnauthorized!(result.authorization!)) {
          result = await attempt(core, auth, call, url, deadline, jsonBody, body);
        }
      }
      if (!result.ok) throw await withHooks(result.error);
      return result;
    },

    async readJson<T>({ response, facts }: Sent): Promise<T> {
      let text: string;
      try {
        text = await readText(response);
      } catch (error) {
        throw await readFailed(error, facts);
      }
      const body = parseJsonSafely(text);
      if (
        response.status === 200 &&
        (body === undefined ? text.trim() === '' : isJsonObject(body))
      ) {
        return (body ?? {}) as T;
      }
      const { toAnswerError } = await loadFailures();
      const { status, statusText, headers } = response;
      throw await withHooks(toAnswerError({ status, statusText, headers, body }, facts));
    },

    async readWhole({ response, facts }) {
      try {
        return await readWhole(response);
      } catch (error) {
        throw await readFailed(error, facts);
      }
    },
  };
}
