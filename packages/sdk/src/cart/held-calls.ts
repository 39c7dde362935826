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
import { WITHOUT_ENGINE } from './engine/operations.js';
import type { CartEngine } from './engine/types.js';
import type { CartActionName, CartIdentityEvent, CurrentCartApi } from './types.js';

interface Settle {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Held =
  | { kind: 'call'; name: CartActionName; args: readonly unknown[]; settle: Settle }
  /** `cancels`: the change cancels the changes held before it (see identity-change.ts). */
  | { kind: 'identity'; event: CartIdentityEvent; cancels: boolean; settle: Settle }
  /** Adds sent when the page was hidden, on their way. */
  | { kind: 'sent'; sends: Promise<unknown>[] };

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

/** The held calls of one cart store; `api` sends the adds still held when the page is hidden. */
export function createHeldCalls(api: CurrentCartApi): HeldCalls {
  let held: Held[] = [];
  let calls = 0;

  function hold(entry: (settle: Settle) => Held): Promise<unknown> {
    return new Promise((resolve, reject) => {
      held.push(entry({ resolve, reject }));
    });
  }

  // The adds made since the last identity change that cancels (so under the tokens held now), up
  // to the first change that needs the engine, so that the changes keep their order.
  function sendAddsNow(): void {
    let from = held.length;
    while (from > 0 && !isCancelling(held[from - 1]!)) from--;
    for (let index = from; index < held.length; index++) {
      const entry = held[index]!;
      // Identity changes here cancel nothing; reads change nothing: the adds after them go.
      if (entry.kind !== 'call') continue;
      const send = WITHOUT_ENGINE[entry.name];
      if (send === 'read') continue;
      if (send === 'wait') break;
      // A bad input throws: the add's promise rejects with it, and nothing is sent.
      const sending = new Promise((resolve) => resolve(send(api, entry.args)));
      entry.settle.resolve(sending);
      calls--;
      // One mark where adds went out: the engine reads the cart once they have landed.
      const previous = held[index - 1];
      if (previous?.kind === 'sent') {
        previous.sends.push(sending);
        held.splice(index--, 1);
      } else {
        held[index] = { kind: 'sent', sends: [sending] };
      }
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
      if (entry.kind === 'call') entry.settle.reject(error);
      else {
        if (entry.kind === 'identity') entry.settle.resolve(undefined);
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
      return hold((settle) => ({ kind: 'call', name, args, settle }));
    },
    identity: (event, cancels) => hold((settle) => ({ kind: 'identity', event, cancels, settle })),
    handOver(engine) {
      const entries = take();
      engine.batch(() => {
        for (const entry of entries) {
          if (entry.kind === 'call') {
            entry.settle.resolve(engine.perform(entry.name, entry.args));
          } else if (entry.kind === 'identity') {
            entry.settle.resolve(engine.identityChanged(entry.event));
          } else {
            engine.followSent(Promise.allSettled(entry.sends));
          }
        }
      });
    },
    fail: (error) => release(error, true),
    cancel: (error) => release(error, false),
  };
}

function isCancelling(entry: Held): boolean {
  return entry.kind === 'identity' && entry.cancels;
}
