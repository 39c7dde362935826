/**
 * What every route module and service is built with: options, the state store, the clock, the
 * outbox, faults and webhooks. Passed explicitly rather than imported, so two emulators in one
 * process never share anything. (The Hono environment and the caller types are in
 * http/app-env.ts.)
 */
import type { Outbox } from './dev/mail.js';
import type { FaultRegistry } from './dev/faults.js';
import type { GrantCounts } from './oauth/grant-counts.js';
import type { IdpConnections } from './identity/idp.js';
import type { ResolvedOptions } from './options.js';
import type { StateStore } from './state/store.js';
import type { WebhookPublisher } from './webhooks/publisher.js';

export interface EmulatorContext {
  readonly options: ResolvedOptions;
  readonly store: StateStore;
  readonly outbox: Outbox;
  readonly faults: FaultRegistry;
  /** Keys and deliveries; events are emitted only by store transactions (state/store.ts). */
  readonly webhooks: Omit<WebhookPublisher, 'emit'>;
  /** The identity-provider connections `login-with-token-params` checks tokens against. */
  readonly idp: IdpConnections;
  /** Successful token grants by type, since start or the last reset. */
  grants: GrantCounts;
  /** The emulator's own URL, known once it listens. */
  baseUrl: string;
  /** Epoch milliseconds from the injected clock. */
  now(): number;
  /** The injected clock as an ISO string. */
  nowIso(): string;
}
