/**
 * The state store: the live state object, a fresh-state factory, and the one way to change the
 * state: a {@link StateStore.transaction}. It applies a change synchronously (Node runs one
 * step at a time, so a read-modify-write without an `await` in between cannot interleave),
 * writes the state to disk (crash-safe, persistence.ts) and only then emits the change's events
 * (webhooks): an answered change is on disk, and an event never tells of a change that failed.
 */
import type { SeedCatalog } from '../catalog/seed.js';
import type { IdentityModes } from '../identity/model.js';
import type { WebhookEvent } from '../webhooks/event.js';
import type { EmulatorState } from './model.js';
import { STATE_VERSION, nullMap } from './model.js';
import { StateFileWriter, readStateFile } from './persistence.js';
import { upgradeCatalog } from './upgrade.js';

/** A fresh state holding a copy of `seed`. */
export function createState(seed: SeedCatalog, modes: IdentityModes): EmulatorState {
  const copy = structuredClone(seed);
  // A seed object may have been written for an earlier version.
  upgradeCatalog(copy);
  return {
    version: STATE_VERSION,
    products: nullMap(copy.products.map((p) => [p.id, p])),
    collections: nullMap(copy.collections.map((c) => [c.id, c])),
    carts: nullMap(),
    checkouts: nullMap(),
    orders: nullMap(),
    members: nullMap(),
    families: nullMap(),
    accessTokens: nullMap(),
    refreshTokens: nullMap(),
    authCodes: nullMap(),
    stateTokens: nullMap(),
    sessionTokens: nullMap(),
    recoveryTokens: nullMap(),
    redirectSessions: nullMap(),
    mail: [],
    modes: { ...modes },
    nextOrderNumber: 10001,
  };
}

/** What a change is given: the state to change, and where to put the events it causes. */
export interface Transaction {
  readonly state: EmulatorState;
  /** Queues an event; it goes out once the change is on disk, and never if the change throws. */
  emit(event: WebhookEvent): void;
}

/** A change's result; never a promise, so a change cannot `await` halfway through. */
type Settled<T> = T extends PromiseLike<unknown> ? never : T;

/** Options of {@link StateStore.transaction}. */
export interface TransactionOptions {
  /**
   * Errors after which what the change did before throwing is still written: refusals that are
   * themselves recorded (a wrong verification code counts an attempt; a refused code exchange
   * uses the code up). Events are never emitted after an error, whatever this says.
   * @default none: a change that throws writes nothing
   */
  keepsChanges?: (error: unknown) => boolean;
}

/** Owns the state, its persistence and the events of its changes. */
export class StateStore {
  state: EmulatorState;
  private readonly writer: StateFileWriter | undefined;

  /**
   * @param fresh builds the state used when there is no data file, and on reset.
   * @param dataFile where to persist; state is read back from it when it exists.
   * @param emit where the events of committed changes go (the webhook publisher).
   */
  constructor(
    private readonly fresh: () => EmulatorState,
    dataFile: string | undefined,
    private readonly emit: (event: WebhookEvent) => void,
  ) {
    this.state = (dataFile === undefined ? undefined : readStateFile(dataFile)) ?? fresh();
    this.writer =
      dataFile === undefined
        ? undefined
        : new StateFileWriter(dataFile, () => JSON.stringify(this.state));
  }

  /**
   * Applies `change`, writes the state to disk, then emits the events the change queued, in order.
   * A change that throws emits nothing and writes nothing (unless `keepsChanges` says its error
   * is a recorded refusal); the error is passed on.
   * @returns what the change returned, once it is on disk.
   * @throws whatever the change throws, or the write's error (then nothing is emitted either).
   * @example
   * const cart = await ctx.store.transaction((tx) => {
   *   tx.state.carts[key] = next;
   *   tx.emit(events.cartUpdated(who, renderCart(ctx, next)));
   *   return next;
   * });
   */
  async transaction<T>(
    change: (tx: Transaction) => Settled<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    const events: WebhookEvent[] = [];
    let open = true;
    const emit = (event: WebhookEvent) => {
      // A change that kept `tx` cannot slip an event in later, unwritten and unordered.
      if (!open) throw new Error('A transaction emits only while its change runs');
      events.push(event);
    };
    let result: T;
    try {
      result = change({ state: this.state, emit });
    } catch (error) {
      if (options.keepsChanges?.(error)) await this.commit();
      throw error;
    } finally {
      open = false;
    }
    await this.commit();
    for (const event of events) this.emit(event);
    return result;
  }

  /** Writes the state as it is and resolves once every write so far is on disk (on close). */
  flush(): Promise<void> {
    return this.commit();
  }

  /**
   * Replaces the state with a fresh one, keeping the webhook key so receivers stay valid, and the
   * site's id, so an app that read it from a token names the same site.
   */
  async reset(): Promise<void> {
    const { webhookPrivateKey: key, siteId } = this.state;
    this.state = this.fresh();
    if (key !== undefined) this.state.webhookPrivateKey = key;
    if (siteId !== undefined) this.state.siteId = siteId;
    await this.commit();
  }

  /** Persists the current state (no-op in memory-only mode). */
  private commit(): Promise<void> {
    return this.writer ? this.writer.save() : Promise.resolve();
  }
}
