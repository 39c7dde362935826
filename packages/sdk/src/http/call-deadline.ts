/**
 * What bounds a call as a whole, beyond each attempt's timeout: its deadline (every attempt,
 * the waits between them, reading the answer), and the client's disposal, which ends every
 * attempt under way.
 */

/** Why an attempt was ended by its bounds. */
export type AttemptEndReason = 'timeout' | 'deadline' | 'too-large' | 'redirect' | 'disposed';

/**
 * An attempt ended by its bounds: its timeout, the call's deadline, an answer past the size
 * cap, a redirect that is not followed, or the client's disposal. The transport turns it into
 * the `StoreSystemError` the caller sees (TIMEOUT, DEADLINE_EXCEEDED, RESPONSE_TOO_LARGE,
 * REDIRECT_REFUSED, CLIENT_DISPOSED); it never reaches a caller itself.
 */
export class AttemptEnded extends Error {
  override name = 'AttemptEnded' as const;
  constructor(
    readonly reason: AttemptEndReason,
    /** The limit that was passed (ms, bytes), or why a redirect was refused. */
    readonly limit?: number | string,
    /** The status of the answer, when there was one. */
    readonly status?: number,
  ) {
    super(reason);
  }
}

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

/**
 * The attempts of one client under way, so that disposing of it ends them all (and refuses
 * later ones) without a listener per attempt.
 */
export interface LiveAttempts {
  /** `true` once the client is disposed. */
  readonly closed: boolean;
  add(controller: AbortController): void;
  delete(controller: AbortController): void;
  /** Ends every attempt under way, and every later one. */
  close(): void;
}

/** The live attempts of a new client. */
export function createLiveAttempts(): LiveAttempts {
  const live = new Set<AbortController>();
  let closed = false;
  return {
    get closed() {
      return closed;
    },
    add: (controller) => live.add(controller),
    delete: (controller) => live.delete(controller),
    close() {
      closed = true;
      for (const controller of live) controller.abort(new AttemptEnded('disposed'));
      live.clear();
    },
  };
}
