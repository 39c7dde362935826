/** A webhook event before signing: what the state store emits once a change is on disk. */

/** Who caused an event (the envelope's `identity`). */
export interface WebhookIdentity {
  identityType: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'APP' | 'WIX_USER' | 'UNKNOWN';
  anonymousVisitorId?: string;
  memberId?: string;
  appId?: string;
}

/** An event before signing. */
export interface WebhookEvent {
  eventType: string;
  identity: WebhookIdentity;
  /** The event body; serialised into the envelope's `data` string. */
  body: Record<string, unknown>;
}

/** The outcome of one delivery, kept for `GET /_emulator/webhooks/deliveries`. */
export interface WebhookDelivery {
  eventType: string;
  status?: number;
  error?: string;
  at: string;
}

/**
 * The webhook publisher as services see it: its key and its deliveries. Events are emitted only by
 * store transactions (`tx.emit`), never by hand (webhooks/publisher.ts).
 */
export interface WebhookKeys {
  /** The PEM (SPKI) public key that verifies every event. */
  publicKeyPem(): Promise<string>;
  /** Signs an event without sending it (what the publisher would POST). */
  sign(event: WebhookEvent): Promise<string>;
  /** The last 100 deliveries, oldest first. */
  deliveries(): WebhookDelivery[];
  /** Resolves when every delivery started so far has finished. */
  idle(): Promise<void>;
}
