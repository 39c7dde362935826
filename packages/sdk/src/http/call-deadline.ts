/**
 * What bounds a call as a whole, beyond each attempt's timeout: its deadline (every attempt,
 * the waits between them, reading the answer), and the client's disposal, which ends every
 * attempt under way.
 */
import { StoreErrorCodes } from './errors/codes.js';
import type { RedactedRequest } from './errors/store-api-error.js';
import { StoreSystemError } from './errors/system-error.js';

/** The deadline of one call. No timer of its own: each attempt's timer is cut to fit it. */
export interface CallDeadline {
  /** The call's time limit, in ms. */
  readonly ms: number;
  /** Milliseconds left. */
  remaining(): number;
}

/** Starts the deadline of a call that must end within `ms`. */
export function startDeadline(ms: number): CallDeadline {
  const endsAt = Date.now() + ms;
  return { ms, remaining: () => endsAt - Date.now() };
}

/** The error of a call that passed its deadline. Retryable: the platform may be faster later. */
export function deadlineError(request: RedactedRequest, ms: number): StoreSystemError {
  return new StoreSystemError({
    message: `System error occurred: the call did not finish within its ${ms} ms deadline (${request.method} ${pathOf(request)})`,
    status: undefined,
    code: StoreErrorCodes.DEADLINE_EXCEEDED,
    requestId: undefined,
    details: {},
    request,
    retryable: true,
  });
}

/**
 * The attempts of one client under way, so that disposing of it ends them all (and refuses
 * later ones) without a listener per attempt.
 */
export interface LiveAttempts {
  /** The reason attempts end with once the client is disposed; `undefined` until then. */
  readonly closed: StoreSystemError | undefined;
  add(controller: AbortController): void;
  delete(controller: AbortController): void;
  /** Ends every attempt under way, and every later one, with `CLIENT_DISPOSED`. */
  close(): void;
}

/** The live attempts of a new client. */
export function createLiveAttempts(): LiveAttempts {
  const live = new Set<AbortController>();
  let closed: StoreSystemError | undefined;
  return {
    get closed() {
      return closed;
    },
    add: (controller) => live.add(controller),
    delete: (controller) => live.delete(controller),
    close() {
      closed ??= new StoreSystemError({
        message: 'System error occurred: the client was disposed',
        status: undefined,
        code: StoreErrorCodes.CLIENT_DISPOSED,
        requestId: undefined,
        details: {},
        retryable: false,
      });
      for (const controller of live) controller.abort(closed);
      live.clear();
    },
  };
}

/** The path of a redacted request, for messages. */
export function pathOf(request: RedactedRequest): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '?';
  }
}
