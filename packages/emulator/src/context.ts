/**
 * What every route module and service is built with: the options resolved once, the state store,
 * the clock, the outbox, faults, the webhook keys, the identity-provider connections and the
 * grant counts. Passed explicitly rather than imported, so two emulators in one process never
 * share anything. Each member is typed by what services may do with it (models/), not by the
 * code that makes it (server.ts wires those in): the store's state is read-only here and changes
 * only in a transaction, and the webhook publisher has no `emit`.
 */
import type { CatalogVersion, SeedCatalog } from './models/catalog.js';
import type { WebhookKeys } from './models/events.js';
import type { FaultRegistry } from './models/faults.js';
import type { GrantCounts } from './models/grants.js';
import type { IdentityModes, IdpConnection, IdpRegistry } from './models/identity.js';
import type { Outbox } from './models/mail.js';
import type { Store } from './models/state.js';

/** A registered OAuth client. */
export interface EmulatorClient {
  clientId: string;
  /**
   * Every address the hosted pages may return to: OAuth redirect URIs, checkout and logout
   * post-flow URLs and recovery redirects. Matched exactly.
   */
  redirectUris: readonly string[];
}

/** The options of `startEmulator` after defaults (options.ts resolves them), used everywhere else. */
export interface ResolvedOptions {
  port: number;
  host: string;
  data: string | undefined;
  seed: string | SeedCatalog | undefined;
  tokenTtlSeconds: number;
  refreshReuseGraceSeconds: number;
  openWrites: boolean;
  allowedHosts: readonly string[];
  webhookUrl: string | undefined;
  clients: readonly EmulatorClient[];
  apiKey: string;
  now: () => number;
  logger: ((line: string) => void) | undefined;
  modes: IdentityModes;
  corsOrigins: readonly string[] | '*' | undefined;
  instanceId: string;
  idpConnections: readonly IdpConnection[];
  dropIn: { port: number; directory: string } | undefined;
  /** Whether Cart V2 (`/ecom/v2/carts…`) is served. */
  cartV2: boolean;
  /** Which catalog the store runs: the platform runs either, never both (options.ts). */
  catalog: CatalogVersion;
}

export interface EmulatorContext {
  readonly options: ResolvedOptions;
  /** The state: read at any time, changed only in `store.transaction` (models/state.ts). */
  readonly store: Store;
  readonly outbox: Outbox;
  readonly faults: FaultRegistry;
  /** Keys and deliveries; events are emitted only by store transactions. */
  readonly webhooks: WebhookKeys;
  /** The identity-provider connections `login-with-token-params` checks tokens against. */
  readonly idp: IdpRegistry;
  /** Successful token grants by type, since start or the last reset. */
  grants: GrantCounts;
  /** The emulator's own URL, known once it listens. */
  baseUrl: string;
  /** Epoch milliseconds from the injected clock. */
  now(): number;
  /** The injected clock as an ISO string. */
  nowIso(): string;
}
