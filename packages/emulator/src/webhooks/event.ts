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
