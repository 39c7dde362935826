/**
 * What every route module is built with: options, the state store, the clock, the outbox,
 * faults and webhooks. Passed explicitly rather than imported, so two emulators in one
 * process never share anything.
 */
import type { IncomingMessage } from 'node:http';
import type { Outbox } from './dev/mail.js';
import type { FaultRegistry } from './dev/faults.js';
import type { GrantCounts } from './oauth/grant-counts.js';
import type { ResolvedOptions } from './options.js';
import type { StateStore } from './state/store.js';
import type { WebhookPublisher } from './webhooks/publisher.js';

export interface EmulatorContext {
  readonly options: ResolvedOptions;
  readonly store: StateStore;
  readonly outbox: Outbox;
  readonly faults: FaultRegistry;
  readonly webhooks: WebhookPublisher;
  /** Successful token grants by type, since start or the last reset. */
  grants: GrantCounts;
  /** The emulator's own URL, known once it listens. */
  baseUrl: string;
  /** Epoch milliseconds from the injected clock. */
  now(): number;
  /** The injected clock as an ISO string. */
  nowIso(): string;
}

/** A visitor or member, from an access token. */
export interface IdentityCaller {
  role: 'visitor' | 'member';
  familyId: string;
  clientId: string;
  visitorId?: string;
  memberId?: string;
}

/** The holder of the emulator's API key: a merchant-side script or server (an elevated credential). */
export interface AppCaller {
  role: 'app';
  /** The id webhooks name as the app: the first registered client id. */
  appId: string;
}

/** Who is calling, from the `Authorization` header (set by the authorization middleware). */
export type Caller = IdentityCaller | AppCaller;

/** Hono environment of the app: per-request variables and the Node request. */
export interface AppEnv {
  Variables: {
    /** Unset when the request has no `Authorization` header. */
    caller: Caller | undefined;
  };
  Bindings: {
    incoming?: IncomingMessage;
    /** Set on requests that came through the drop-in's TLS listener (a platform host name). */
    dropIn?: boolean;
  };
}
