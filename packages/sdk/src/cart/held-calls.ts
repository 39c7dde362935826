/**
 * What the cart store holds while its engine's code loads: its calls and the identity changes it
 * heard, in the order they came. Once the engine is there they are handed to it in that order,
 * so it does with them what it would have done had it been there all along (a change made before
 * an identity change is cancelled, a read reads the new identity's cart); meanwhile nothing is
 * sent and nothing is shown.
 *
 * One thing cannot wait: a page hidden for good (a link followed right after "Add to cart") never
 * runs the engine. On `pagehide` the adds held go out at once, with keepalive (each operation
 * says how, see `WithoutEngine` in cart-operations.ts), so they reach the platform after the page
 * has gone; the engine, if the page comes back from the back-forward cache, reads the cart once
 * they have landed (and sends what was held after them only then) instead of sending them twice.
 */
import type {
  CartOperationName,
  CartResult,
  CartVariables,
  WithoutEngine,
} from './cart-operations.js';
import type { CartEngine } from './engine/create-cart-engine.js';
import type { CartCalls, CartIdentityEvent } from './types.js';

/** Something held: what the engine is to do with it, and what becomes of its waiter without it. */
interface Held {
  /** Hands it to the engine, whose answer settles the waiter. */
  handOver(engine: CartEngine): void;
  /** The engine's code could not be loaded, or the store was disposed. */
  drop(error: unknown): void;
  /** A call: what it does with no engine, sending itself at once if it can (an add). */
  without?: 'read' | 'wait' | (() => Promise<unknown>);
  /** An identity change that cancels the changes held before it (see identity-change.ts). */
  cancels?: boolean;
}

/** The calls and identity changes of one cart store, held until its engine is there. */
export interface HeldCalls {
  /** How many calls are held. */
  readonly calls: number;
  /** Holds a call; settles with the engine's answer to it. */
  call<N extends CartOperationName>(
    name: N,
    variables: CartVariables<N>,
    without?: WithoutEngine<CartResult<N>>,
  ): Promise<CartResult<N>>;
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

/** The held calls of one cart store; the adds still held when the page is hidden go on `calls`. */
export function createHeldCalls(calls: CartCalls): HeldCalls {
  let held: Held[] = [];

  // The adds made since the last identity change that cancels (so under the tokens held now), up
  // to the first change that needs the engine, so that the changes keep their order. Each leaves
  // a mark where it was: the engine reads the cart once it has landed, before what came after.
  function sendAddsNow(): void {
    let from = held.length;
    while (from > 0 && !held[from - 1]!.cancels) from--;
    for (let index = from; index < held.length; index++) {
      const { without: send } = held[index]!;
      // Identity changes here cancel nothing; reads change nothing: the adds after them go.
      if (send === undefined || send === 'read') continue;
      if (send === 'wait') break;
      const sending = send();
      held[index] = { handOver: (engine) => engine.followSent(sending), drop: noop };
    }
  }

  // Listened to while calls are held (browsers only; adding the same listener twice adds one).
  function listen(on: boolean): void {
    const target = globalThis as Partial<
      Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
    >;
    target[on ? 'addEventListener' : 'removeEventListener']?.('pagehide', sendAddsNow);
  }

  function take(): Held[] {
    const entries = held;
    held = [];
    listen(false);
    return entries;
  }

  /** Drops what is held; the identity changes stay when `keep` (a later engine replays them). */
  function release(error: unknown, keep: boolean): void {
    for (const entry of take()) {
      entry.drop(error);
      // A settled promise ignores being settled again when the engine later replays it.
      if (keep && !entry.without) held.push(entry);
    }
  }

  return {
    // Calls are what has a `without` (an identity change, or the mark of an add sent, has none).
    get calls() {
      return held.filter((entry) => entry.without).length;
    },
    call(name, variables, without = 'wait') {
      listen(true);
      return new Promise((resolve, reject) => {
        held.push({
          handOver: (engine) => resolve(engine.perform(name, variables)),
          drop: reject,
          without:
            typeof without === 'function'
              ? () => {
                  // A bad input throws: the call's promise rejects with it, and nothing is sent.
                  const sending = new Promise<CartResult<typeof name>>((sent) =>
                    sent(without(calls)),
                  );
                  resolve(sending);
                  return sending;
                }
              : without,
        });
      });
    },
    identity: (event, cancels) =>
      new Promise((resolve) => {
        held.push({
          handOver: (engine) => resolve(engine.identityChanged(event)),
          drop: () => resolve(undefined),
          cancels,
        });
      }),
    handOver(engine) {
      const entries = take();
      engine.batch(() => {
        for (const entry of entries) entry.handOver(engine);
      });
    },
    fail: (error) => release(error, true),
    cancel: (error) => release(error, false),
  };
}

function noop(): void {}
