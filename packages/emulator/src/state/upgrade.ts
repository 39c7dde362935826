/**
 * Brings state written by an earlier version of the emulator (a data file, or a seed object built
 * for one) up to date in place, so a restart after an upgrade keeps every cart, order and member.
 * Each step leaves state already up to date as it is.
 */
import { upgradeMediaIds } from '../catalog/media-files.js';
import type { CollectionRecord, ProductRecord } from '../models/catalog.js';
import type { EmulatorState } from '../models/state.js';
import { newKeys } from './keys.js';

/** Upgrades a catalog in place: a state's maps, or a seed's lists. */
export function upgradeCatalog(catalog: {
  products: Iterable<ProductRecord> | Record<string, ProductRecord>;
  collections: Iterable<CollectionRecord> | Record<string, CollectionRecord>;
}): void {
  const values = <T>(items: Iterable<T> | Record<string, T>): Iterable<T> =>
    Symbol.iterator in items ? items : Object.values(items);
  // Media ids without their file extension (before ids were file names).
  upgradeMediaIds(values(catalog.products), values(catalog.collections));
}

/** Upgrades a state read from a data file, in place. */
export function upgradeState(state: EmulatorState): void {
  upgradeCatalog(state);
  // Keys made on first use, before they were made with the state: a file may lack some.
  const keys = newKeys();
  state.formSecret ??= keys.formSecret;
  state.tokenSecret ??= keys.tokenSecret;
  state.siteId ??= keys.siteId;
}
