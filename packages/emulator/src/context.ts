/**
 * What every route module is built with: options, the state store, the clock, the outbox,
 * faults and webhooks. Passed explicitly rather than imported, so two emulators in one
 * process never share anything.
 */
import type { Outbox } from './dev/mail.js';
import type { FaultRegistry } from './dev/faults.js';
import type { ResolvedOptions } from './options.js';
import type { StateStore } from './state/store.js';
import type { WebhookPublisher } from './webhooks/publisher.js';

export interface EmulatorContext {
  readonly options: ResolvedOptions;
  readonly store: StateStore;
  readonly outbox: Outbox;
  readonly faults: FaultRegistry;
  readonly webhooks: WebhookPublisher;
  /** The emulator's own URL, known once it listens. */
  baseUrl: string;
  /** Epoch milliseconds from the injected clock. */
  now(): number;
  /** The injected clock as an ISO string. */
  nowIso(): string;
}

/** Who is calling, from the access token (set by the auth middleware). */
export interface Caller {
  role: 'visitor' | 'member';
  familyId: string;
  clientId: string;
  visitorId?: string;
  memberId?: string;
}

/** Hono environment of the app: per-request variables. */
export interface AppEnv {
  Variables: {
    caller: Caller;
  };
}
