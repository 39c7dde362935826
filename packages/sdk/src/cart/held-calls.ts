/**
 * What the cart store holds while its engine's code loads: its calls and the identity changes it
 * heard, in the order they came. Once the engine is there they are handed to it in that order,
 * so it does with them what it would have done had it been there all along (a change made before
 * an identity change is cancelled, a read reads the new identity's cart); meanwhile nothing is
 * sent and nothing is shown.
 *
 * One thing cannot wait: a page hidden for good (a link followed right after "Add to cart") never
 * runs the engine. On `pagehide` the adds held go out at once, through `store.cart` with
 * keepalive, so they reach the platform after the page has gone; the engine, if the page comes
 * back from the back-forward cache, reads the cart once they have landed (and sends what was held
 * after them only then) instead of sending them twice.
 */
import { WITHOUT_ENGINE, type WithoutEngine } from './engine/operations.js';
import type { CartEngine } from './engine/types.js';
import type { CartActionName, CartIdentityEvent, CurrentCartApi } from './types.js';

interface Settle {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Something held: what the engine is to do with it, and who waits for the answer. */
interface Held {
  /** Hands it to the engine; what that returns settles the waiter. */
  run: (engine: CartEngine) => unknown;
  settle: Settle;
  /** A call: what it does with no engine (see `WITHOUT_ENGINE`), and its arguments. */
  without?: WithoutEngine;
  args?: readonly unknown[];
  /** An identity change that cancels the changes held before it (see identity-change.ts). */
  cancels?: boolean;
}

/** The calls and identity changes of one cart store, held until its engine is there. */
export interface HeldCalls {
  /** How many calls are held. */
  readonly calls: number;
  /** Holds a call; settles with the engine's answer to it. */
  call(name: CartActionName, args: readonly unknown[]): Promise<unknown>;
  /** Holds an identity change; settles with what the engine returns for it (a carry-over). */
  identity(event: CartIdentityEvent, cancels: boolean): Promise<unknown>;
  /** Hands everything held to the engine, in order, publishing once. */
  handOver(engine: CartEngine): void;
  /**
   * The engine's code could not be loaded: the calls held reject with `error`. The identity
   * changes stay, for the engine of the next try, and their waiters are told at once.
   */
  fail(error: unknown): void;
  /** Rejects every call held with `error` and forgets everything (disposal). */
  cancel(error: Error): void;
}

// The waiter of a mark left by adds sent when the page was hidden: nobody.
const NOBODY: Settle = { resolve: () => {}, reject: () => {} };

/** The held calls of one cart store; `api` sends the adds still held when the page is hidden. */
export function createHeldCalls(api: CurrentCartApi): HeldCalls {
  let held: Held[] = [];
  let calls = 0;

  function hold(entry: Omit<Held, 'settle'>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      held.push({ ...entry, settle: { resolve, reject } });
    });
  }

  // The adds made since the last identity change that cancels (so under the tokens held now), up
  // to the first change that needs the engine, so that the changes keep their order. Each leaves
  // a mark where it was: the engine reads the cart once it has landed, before what came after.
  function sendAddsNow(): void {
    let from = held.length;
    while (from > 0 && !held[from - 1]!.cancels) from--;
    for (let index = from; index < held.length; index++) {
      const { without: send, args, settle } = held[index]!;
      // Identity changes here cancel nothing; reads change nothing: the adds after them go.
      if (send === undefined || send === 'read') continue;
      if (send === 'wait') break;
      // A bad input throws: the add's promise rejects with it, and nothing is sent.
      const sending = new Promise((resolve) => resolve(send(api, args!)));
      settle.resolve(sending);
      calls--;
      held[index] = { run: (engine) => engine.followSent(sending), settle: NOBODY };
    }
  }

  // Listened to while calls are held (browsers only; adding the same listener twice adds one).
  function listen(on: boolean): void {
    const target = globalThis as Partial<
      Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
    >;
    if (on) target.addEventListener?.('pagehide', sendAddsNow);
    else target.removeEventListener?.('pagehide', sendAddsNow);
  }

  function take(): Held[] {
    const entries = held;
    held = [];
    calls = 0;
    listen(false);
    return entries;
  }

  /** Rejects the calls held; the identity changes' waiters hear nothing came of them. */
  function release(error: unknown, keep: boolean): void {
    for (const entry of take()) {
      if (entry.without) entry.settle.reject(error);
      else {
        entry.settle.resolve(undefined);
        // A settled promise ignores being settled again when the engine later replays it.
        if (keep) held.push(entry);
      }
    }
  }

  return {
    get calls() {
      return calls;
    },
    call(name, args) {
      calls++;
      listen(true);
      return hold({
        run: (engine) => engine.perform(name, args),
        without: WITHOUT_ENGINE[name],
        args,
      });
    },
    identity: (event, cancels) => hold({ run: (engine) => engine.identityChanged(event), cancels }),
    handOver(engine) {
      const entries = take();
      engine.batch(() => {
        for (const entry of entries) entry.settle.resolve(entry.run(engine));
      });
    },
    fail: (error) => release(error, true),
    cancel: (error) => release(error, false),
  };
}
