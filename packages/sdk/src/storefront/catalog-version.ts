/**
 * Which catalog a store runs (`GET /stores/v3/provision/version`), read once and kept. A store's
 * catalog never changes once set (the platform never moves a store back from V3), so the answer
 * is kept for the process, per store: on a server, where each request has its own client, the
 * store is asked once, not once a page view. In a browser it is also kept in `localStorage`, so a
 * shopper's later page loads ask nothing either; a store moved to another catalog since is
 * corrected by the first call it refuses (its 428 names its catalog). Parallel reads share one
 * call. A store without the Stores app is not kept (the merchant may install it).
 */
import type { Transport } from '../http/transport.js';
import { CatalogVersionError } from '../http/errors/catalog-version-error.js';
import { isStoreApiError } from '../http/errors/type-guards.js';
import type { CatalogVersion, StorefrontCallOptions } from './types.js';

/** The path of the platform's Catalog Versioning read. */
export const CATALOG_VERSION_PATH = '/stores/v3/provision/version';

/**
 * What a read of the version found: the store's catalog, or a guess when the store would not
 * say (some credentials are refused this call): V3, which every store created today runs, to be
 * corrected by the first call that the store refuses as of the wrong version.
 */
export interface KnownVersion {
  version: CatalogVersion;
  guessed: boolean;
}

// The answers kept for this process, by store (API origin and client id). Bounded: a server
// talks to a handful of stores; past the bound the oldest is forgotten (and read again if needed).
const KEPT_STORES = 64;
const kept = new Map<string, Promise<KnownVersion>>();

/**
 * The catalog the store `storeKey` names runs: kept from an earlier read, or read now.
 * @throws {CatalogVersionError} `STORES_NOT_INSTALLED` when the store has no catalog.
 * @throws {StoreApiError} when the platform cannot be reached (nothing is kept then).
 */
export function readCatalogVersion(
  transport: Transport,
  storeKey: string,
  options: StorefrontCallOptions = {},
): Promise<KnownVersion> {
  const known = kept.get(storeKey) ?? fromBrowser(storeKey);
  if (known) return known;
  const reading = askStore(transport, options).then(
    (answer) => {
      if (!answer.guessed) keepInBrowser(storeKey, answer.version);
      return answer;
    },
    (error: unknown) => {
      kept.delete(storeKey);
      throw error;
    },
  );
  if (kept.size >= KEPT_STORES) kept.delete(kept.keys().next().value!);
  kept.set(storeKey, reading);
  return reading;
}

/** Keeps what a call of the wrong version told of the store's catalog, over a guess. */
export function learnCatalogVersion(storeKey: string, version: CatalogVersion): void {
  kept.set(storeKey, Promise.resolve({ version, guessed: false }));
  keepInBrowser(storeKey, version);
}

/** The browser's key of a store's catalog (the store's API origin and client id: no secret). */
const browserKey = (storeKey: string) => `vitrine.catalog.${storeKey}`;

/** What this browser kept of the store's catalog, if anything (never on a server). */
function fromBrowser(storeKey: string): Promise<KnownVersion> | undefined {
  const version = browserStorage()?.getItem(browserKey(storeKey));
  if (version !== 'v1' && version !== 'v3') return undefined;
  const known = Promise.resolve({ version, guessed: false } as const);
  kept.set(storeKey, known);
  return known;
}

function keepInBrowser(storeKey: string, version: CatalogVersion): void {
  try {
    browserStorage()?.setItem(browserKey(storeKey), version);
  } catch {
    // Storage full or refused: the next page load asks the store again.
  }
}

/** `localStorage` in a browser page; nothing on a server (Node's own is not a shopper's). */
function browserStorage(): Storage | undefined {
  try {
    return typeof document === 'undefined' ? undefined : globalThis.localStorage;
  } catch {
    return undefined; // a page whose storage is refused (sandboxed frames, some privacy modes)
  }
}

async function askStore(
  transport: Transport,
  options: StorefrontCallOptions,
): Promise<KnownVersion> {
  let answer: Record<string, unknown>;
  try {
    answer = await transport.request({
      method: 'GET',
      path: CATALOG_VERSION_PATH,
      signal: options.signal,
    });
  } catch (error) {
    // Refused to these credentials (a 403, a 404, a 428 "no scope", as some report): guess.
    if (isStoreApiError(error) && [403, 404, 428].includes(error.status ?? 0)) {
      return { version: 'v3', guessed: true };
    }
    throw error;
  }
  switch (answer.catalogVersion) {
    case 'V1_CATALOG':
      return { version: 'v1', guessed: false };
    case 'V3_CATALOG':
      return { version: 'v3', guessed: false };
    case 'STORES_NOT_INSTALLED':
      throw storesNotInstalled();
    default:
      // An answer this SDK does not know: a newer catalog reads as V3 until the SDK learns it.
      return { version: 'v3', guessed: true };
  }
}

/** The error of a store without the Stores app, as its version read answers. */
function storesNotInstalled(): CatalogVersionError {
  const description = 'This site has no Stores app: it has no catalog to read';
  return new CatalogVersionError({
    message: `${description} (its catalog version read answered STORES_NOT_INSTALLED)`,
    status: 200,
    code: 'STORES_NOT_INSTALLED',
    requestId: undefined,
    details: {},
    retryable: false,
    description,
    data: {},
    storeCatalog: 'none',
  });
}
