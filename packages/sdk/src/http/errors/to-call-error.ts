/**
 * The failures of a call, loaded with the first one (a storefront's first page never needs
 * them): what was thrown or answered, turned into the SDK's error, with every secret the call
 * carried removed from it.
 */
import { collectSecrets, redactUrl } from '../redact.js';
import { parseJsonSafely } from '../../internal/json.js';
import type { RedactedRequest, StoreApiError } from './store-api-error.js';
import { StoreSystemError } from './system-error.js';
import { toStoreError, type ErrorContext, type FailedResponse } from './to-store-error.js';

/** Response header carrying the platform's request id. */
const REQUEST_ID_HEADER = 'x-wix-request-id';

/** What the transport knows of the call that failed. */
export interface CallFacts {
  method: string;
  /** The URL as sent (redacted here before anything keeps it). */
  url: string;
  /** The Authorization it carried: a secret. */
  authorization: string | undefined;
  /** The JSON body it carried, whose secret fields are scrubbed from the answer. */
  body: unknown;
  /** Other secrets the call named (a code, a verifier). */
  secrets: readonly string[] | undefined;
  argumentNames: Readonly<Record<string, string>> | undefined;
  /** The attempt's time limit, in ms. */
  timeout: number;
}

/** An answer the transport read that is not what the call expects. */
export interface ReadAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when it was empty or not JSON. */
  body: unknown;
}

/** The context the mapping needs: the redacted request and the secrets to scrub. */
function contextOf(facts: CallFacts): ErrorContext {
  return {
    request: { method: facts.method, url: redactUrl(facts.url) },
    secrets: [...collectSecrets(facts.authorization, facts.body), ...(facts.secrets ?? [])],
    argumentNames: facts.argumentNames,
    timeout: facts.timeout,
  };
}

/** An answer that is not a success (or a 200 that is not a JSON object), as the SDK's error. */
export function toAnswerError(answer: ReadAnswer, facts: CallFacts): StoreApiError {
  const failed: FailedResponse = {
    kind: 'response',
    status: answer.status,
    statusText: answer.statusText,
    requestId: answer.headers.get(REQUEST_ID_HEADER) ?? undefined,
    body: answer.body,
  };
  return toStoreError(failed, contextOf(facts));
}

/**
 * Anything thrown while a call ran (ky's `HTTPError` for a refused answer, an attempt ended by
 * its bounds, a network failure), as the SDK's error. A failure that is not an object is
 * handed back unchanged, for the caller to rethrow.
 */
export async function toCallError(thrown: unknown, facts: CallFacts): Promise<unknown> {
  if (isEnded(thrown)) return endedError(thrown, contextOf(facts).request);
  const response = (thrown as { name?: unknown; response?: unknown } | null)?.response;
  if ((thrown as { name?: unknown } | null)?.name === 'HTTPError' && response instanceof Response) {
    let text = '';
    try {
      text = await response.text();
    } catch {
      // A body that breaks off mid-stream is read as no body.
    }
    return toAnswerError(
      {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body: parseJsonSafely(text),
      },
      facts,
    );
  }
  try {
    return toStoreError(thrown, contextOf(facts));
  } catch (nonObject) {
    // Non-object failures are rethrown unchanged.
    return nonObject;
  }
}

interface Ended {
  name: 'AttemptEnded';
  reason: 'timeout' | 'deadline' | 'too-large' | 'redirect' | 'disposed';
  limit?: number | string;
  status?: number;
}

// By name: the class lives with the transport, which every page loads; this module does not.
function isEnded(value: unknown): value is Ended {
  return value instanceof Error && value.name === 'AttemptEnded';
}

/** The error of an attempt its bounds ended. */
function endedError(ended: Ended, request: RedactedRequest): StoreSystemError {
  const where = `(${request.method} ${pathOf(request)})`;
  const base = { requestId: undefined, details: {}, request };
  switch (ended.reason) {
    case 'timeout':
      return new StoreSystemError({
        ...base,
        message: `System error occurred: no answer within ${String(ended.limit)} ms ${where}`,
        status: undefined,
        code: 'TIMEOUT',
        retryable: true,
      });
    case 'deadline':
      // Retryable: the platform may be faster later.
      return new StoreSystemError({
        ...base,
        message: `System error occurred: the call did not finish within its ${String(ended.limit)} ms deadline ${where}`,
        status: undefined,
        code: 'DEADLINE_EXCEEDED',
        retryable: true,
      });
    case 'too-large':
      return new StoreSystemError({
        ...base,
        message: `System error occurred: the answer is larger than the ${String(ended.limit)}-byte limit (maxResponseBytes) ${where}`,
        status: ended.status,
        code: 'RESPONSE_TOO_LARGE',
        retryable: false,
      });
    case 'redirect':
      return new StoreSystemError({
        ...base,
        message: `System error occurred: the answer redirected ${String(ended.limit)}, which is not followed ${where}`,
        status: ended.status || undefined,
        code: 'REDIRECT_REFUSED',
        retryable: false,
      });
    case 'disposed':
      return new StoreSystemError({
        message: 'System error occurred: the client was disposed',
        status: undefined,
        code: 'CLIENT_DISPOSED',
        requestId: undefined,
        details: {},
        retryable: false,
      });
  }
}

function pathOf(request: RedactedRequest): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '?';
  }
}
