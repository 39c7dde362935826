/**
 * The state store of one emulator: the live state object, a fresh-state factory, and the one way
 * to change the state: a {@link StateStore.transaction}. It applies a change synchronously (Node
 * runs one step at a time, so a read-modify-write without an `await` in between cannot
 * interleave), writes the state to disk (crash-safe, persistence.ts) and only then emits the
 * change's events (webhooks): an answered change is on disk, and an event never tells of a change
 * that failed. Services see it as the {@link Store} of models/state.ts: read-only state and
 * transactions; only the emulator itself (server.ts) flushes and resets it.
 */
import type { CatalogVersion, SeedCatalog } from '../models/catalog.js';
import type { WebhookEvent } from '../models/events.js';
import type { IdentityModes } from '../models/identity.js';
import type {
  EmulatorState,
  ReadonlyState,
  Settled,
  Store,
  Transaction,
  TransactionOptions,
} from '../models/state.js';
import { STATE_VERSION, nullMap } from '../models/state.js';
import { newKeys } from './keys.js';
import { StateFileWriter, readStateFile } from './persistence.js';
import { upgradeCatalog } from './upgrade.js';

/** A fresh state holding a copy of `seed`, for a store of `catalog`. */
export function createState(
  seed: SeedCatalog,
  modes: IdentityModes,
  catalog: CatalogVersion = 'v1',
): EmulatorState {
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
    ...newKeys(),
    catalog,
  };
}

/** Owns the state, its persistence and the events of its changes. */
export class StateStore implements Store {
  private current: EmulatorState;
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
    this.current = (dataFile === undefined ? undefined : readStateFile(dataFile)) ?? fresh();
    this.writer =
      dataFile === undefined
        ? undefined
        : new StateFileWriter(dataFile, () => JSON.stringify(this.current));
  }

  /** The live state, read-only: change it with {@link StateStore.transaction}. */
  get state(): ReadonlyState {
    return this.current;
  }

  /** {@inheritDoc Store.transaction} */
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
      result = change({ state: this.current, emit });
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
    const { webhookPrivateKey: key, siteId } = this.current;
    this.current = { ...this.fresh(), siteId };
    if (key !== undefined) this.current.webhookPrivateKey = key;
    await this.commit();
  }

  /** Persists the current state (no-op in memory-only mode). */
  private commit(): Promise<void> {
    return this.writer ? this.writer.save() : Promise.resolve();
  }
}
