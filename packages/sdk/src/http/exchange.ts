/**
 * One call's exchange with the platform, for a transport authorized by one provider: the
 * `Authorization` header it gets from the provider (or the call itself), its attempts
 * (attempt.ts), one renewal and replay when the platform refuses the token (401), and reading
 * the answer within the attempt's bounds. Every failure goes through the `beforeError` hooks.
 */
import { isJsonObject, parseJsonSafely } from '../internal/json.js';
import type { AuthorizationProvider, RawCall } from './api-call.js';
import { failure, loadFailures, sendAttempt, type Attempt } from './attempt.js';
import { readText, readWhole } from './bounded-fetch.js';
import type { CallDeadline } from './call-deadline.js';
import { StoreApiError } from './errors/store-api-error.js';
import type { CallFacts } from './errors/to-call-error.js';
import type { HttpCore } from './http-core.js';

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

/** The exchanges of calls authorized by `auth`. */
export function createExchange(core: HttpCore, auth: AuthorizationProvider): Exchange {
  async function attempt(
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
    return sendAttempt(core, { call, url, deadline, authorization, jsonBody, body });
  }

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
      let result = await attempt(call, url, deadline, jsonBody, body);
      if (!result.ok && isReplayable(call, result)) {
        if (await auth.onUnauthorized!(result.authorization!)) {
          result = await attempt(call, url, deadline, jsonBody, body);
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
