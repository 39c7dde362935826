/**
 * The deadline of one call: a bound on everything the call does (every attempt, the waits
 * between them, the token renewal it needs, reading the answer), and the signal that ends it
 * when the deadline passes, the caller aborts, or the client is disposed.
 */
import { StoreErrorCodes } from './errors/codes.js';
import type { RedactedRequest } from './errors/store-api-error.js';
import { StoreSystemError } from './errors/system-error.js';

/** One call's deadline. Call {@link CallDeadline.release} when the call is over. */
export interface CallDeadline {
  /** Aborts when the deadline passes, the caller's signal aborts, or the client is disposed. */
  readonly signal: AbortSignal;
  /**
   * What a failure of the call should become: the caller's abort reason as is (as fetch does),
   * the deadline's or the client's typed error, or `error` itself.
   */
  outcome(error: unknown): unknown;
  /** Milliseconds left before the deadline. */
  remaining(): number;
  /** Stops the timer and the listeners. */
  release(): void;
}

/** Starts the deadline of a call that must end within `ms`. */
export function startDeadline(
  ms: number,
  request: RedactedRequest,
  callerSignal: AbortSignal | undefined,
  clientSignal: AbortSignal,
): CallDeadline {
  const controller = new AbortController();
  const abort = (reason: unknown): void => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const endsAt = Date.now() + ms;
  const timer = setTimeout(() => abort(deadlineError(request, ms)), ms);
  const onCaller = (): void => abort(callerSignal!.reason);
  const onClient = (): void => abort(clientSignal.reason);
  if (callerSignal?.aborted) onCaller();
  else callerSignal?.addEventListener('abort', onCaller, { once: true });
  if (clientSignal.aborted) onClient();
  else clientSignal.addEventListener('abort', onClient, { once: true });
  return {
    signal: controller.signal,
    outcome: (error): unknown =>
      controller.signal.aborted ? (controller.signal.reason as unknown) : error,
    remaining: () => endsAt - Date.now(),
    release() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCaller);
      clientSignal.removeEventListener('abort', onClient);
    },
  };
}

/** The reason every call of a disposed client ends with. */
export function clientDisposedError(): StoreSystemError {
  return new StoreSystemError({
    message: 'System error occurred: the client was disposed',
    status: undefined,
    code: StoreErrorCodes.CLIENT_DISPOSED,
    requestId: undefined,
    details: {},
    retryable: false,
  });
}

function deadlineError(request: RedactedRequest, ms: number): StoreSystemError {
  let path = '?';
  try {
    path = new URL(request.url).pathname;
  } catch {
    // Left as '?'.
  }
  return new StoreSystemError({
    message: `System error occurred: the call did not finish within its ${ms} ms deadline (${request.method} ${path})`,
    status: undefined,
    code: StoreErrorCodes.DEADLINE_EXCEEDED,
    requestId: undefined,
    details: {},
    request,
    retryable: true,
  });
}
