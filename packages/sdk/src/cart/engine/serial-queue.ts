/**
 * The cart engine's queue: changes run strictly one at a time, in the order they were made, and
 * none is dropped (as query-core serialises the mutations of one scope). Each identity has a
 * lane of its own: when the identity changes, the changes not yet sent are cancelled and the
 * new lane starts once the call still on the wire has settled; that call's answer belongs to
 * the identity that is gone, so it settles its caller's promise and changes no state.
 */

/** A job of the queue: its call, whose result's `value` (an `R`) its caller receives. */
export interface Job<R = unknown> {
  run(): Promise<{ value: R }>;
}

/** What became of a job's call. */
export type Outcome<R> = { ok: true; result: R } | { ok: false; error: unknown };

/** A serial queue of jobs `J`. */
export interface SerialQueue<J extends Job> {
  /** The current lane's jobs, oldest (possibly on the wire) first. */
  readonly jobs: readonly J[];
  /** The job whose call is on the wire, when there is one. */
  readonly sending: J | undefined;
  /**
   * Queues `job`; resolves with its result's `value`, rejects with its error. A job kept from
   * the last lane ({@link nextLane}) is queued again with the promise its caller already holds.
   */
  push<R>(job: J & Job<R>): Promise<R>;
  /** The promise the caller of `job` holds. */
  promiseOf(job: J): Promise<unknown> | undefined;
  /**
   * Starts a new lane for a new identity: the jobs not yet sent are rejected with `reason` and
   * dropped, except those `keep` accepts, which are returned (their callers still waiting) to be
   * pushed into the new lane. The new lane runs once the call on the wire has settled.
   */
  nextLane(reason: Error, keep?: (job: J) => boolean): J[];
  /** Rejects and drops every job not on the wire (disposal). */
  cancelQueued(reason: Error): void;
  /** Resolves once nothing is queued or on its way. */
  whenIdle(): Promise<void>;
}

interface Lane<J> {
  jobs: J[];
  running: boolean;
  /** Settles when the previous lane's call on the wire has. */
  after: Promise<void>;
  sending: { job: J; settled: Promise<unknown> } | undefined;
}

interface Settle {
  promise: Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A serial queue. `settled` is told of each job of the current lane when its call settles,
 * before its caller is: the engine changes its state there, so a caller that awaits a change
 * already sees its effect.
 */
export function createSerialQueue<J extends Job>(
  settled: (job: J, outcome: Outcome<Awaited<ReturnType<J['run']>>>) => void,
): SerialQueue<J> {
  const callers = new WeakMap<J, Settle>();
  let lane = newLane<J>(Promise.resolve());

  function finish(job: J, outcome: Outcome<{ value: unknown }>): void {
    const caller = callers.get(job)!;
    if (outcome.ok) caller.resolve(outcome.result.value);
    else caller.reject(outcome.error);
  }

  async function pump(current: Lane<J>): Promise<void> {
    if (current.running) return;
    current.running = true;
    await current.after;
    while (current === lane && current.jobs.length > 0) {
      const job = current.jobs[0]!;
      const sent = job.run().then(
        (result) => ({ ok: true as const, result: result as Awaited<ReturnType<J['run']>> }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      current.sending = { job, settled: sent };
      const outcome = await sent;
      current.sending = undefined;
      if (current !== lane) {
        finish(job, outcome);
        break;
      }
      current.jobs.shift();
      settled(job, outcome);
      finish(job, outcome);
    }
    current.running = false;
  }

  function dropQueued(from: Lane<J>, reason: Error, keep: (job: J) => boolean): J[] {
    const onWire = from.sending?.job;
    const kept: J[] = [];
    for (const job of from.jobs) {
      if (job === onWire) continue;
      if (keep(job)) kept.push(job);
      else callers.get(job)!.reject(reason);
    }
    from.jobs = onWire ? [onWire] : [];
    return kept;
  }

  return {
    get jobs() {
      return lane.jobs;
    },
    get sending() {
      return lane.sending?.job;
    },
    push<R>(job: J & Job<R>): Promise<R> {
      let caller = callers.get(job);
      if (caller === undefined) {
        let settle!: Omit<Settle, 'promise'>;
        const promise = new Promise<unknown>((resolve, reject) => {
          settle = { resolve, reject };
        });
        caller = { ...settle, promise };
        callers.set(job, caller);
      }
      const { promise } = caller;
      lane.jobs.push(job);
      void pump(lane);
      // The promise settles with what this job's `run` resolves (finish), an `R`.
      return promise as Promise<R>;
    },
    promiseOf: (job) => callers.get(job)?.promise,
    nextLane(reason, keep = () => false) {
      const old = lane;
      lane = newLane(old.sending ? old.sending.settled.then(noop, noop) : Promise.resolve());
      return dropQueued(old, reason, keep);
    },
    cancelQueued(reason) {
      dropQueued(lane, reason, () => false);
    },
    async whenIdle() {
      for (;;) {
        const last = lane.jobs[lane.jobs.length - 1];
        if (!last) return;
        await callers.get(last)?.promise.catch(noop);
      }
    },
  };
}

function newLane<J>(after: Promise<void>): Lane<J> {
  return { jobs: [], running: false, after, sending: undefined };
}

function noop(): void {}
