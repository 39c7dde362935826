/**
 * The state store: the live state object, a fresh-state factory and the commit step that
 * persists after a change. Handlers mutate `store.state` synchronously (Node runs one handler
 * step at a time, so a read-modify-write without an `await` in between cannot interleave) and
 * then `await store.commit()` before answering, so an answered change is on disk.
 */
import type { SeedCatalog } from '../catalog/seed.js';
import type { IdentityModes } from '../identity/model.js';
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

/** Owns the state and its persistence. */
export class StateStore {
  state: EmulatorState;
  private readonly writer: StateFileWriter | undefined;

  /**
   * @param fresh builds the state used when there is no data file, and on reset.
   * @param dataFile where to persist; state is read back from it when it exists.
   */
  constructor(
    private readonly fresh: () => EmulatorState,
    dataFile?: string,
  ) {
    this.state = (dataFile === undefined ? undefined : readStateFile(dataFile)) ?? fresh();
    this.writer =
      dataFile === undefined
        ? undefined
        : new StateFileWriter(dataFile, () => JSON.stringify(this.state));
  }

  /** Persists the current state (no-op in memory-only mode). */
  commit(): Promise<void> {
    return this.writer ? this.writer.save() : Promise.resolve();
  }

  /** Replaces the state with a fresh one, keeping the webhook key so receivers stay valid. */
  async reset(): Promise<void> {
    const key = this.state.webhookPrivateKey;
    this.state = this.fresh();
    if (key !== undefined) this.state.webhookPrivateKey = key;
    await this.commit();
  }
}
