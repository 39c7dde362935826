import { VitrineError } from '../../errors/vitrine-error.js';

/**
 * A correctly signed webhook of an event type this SDK does not handle. The message names the
 * type (`Unexpected event type: wix.ecom.v1.order_created`); so does {@link eventType}. `code` is
 * always `UNEXPECTED_WEBHOOK_EVENT`. Answer such a request with 200, so the platform does not
 * resend it.
 */
export class UnexpectedWebhookEventError extends VitrineError {
  override name = 'UnexpectedWebhookEventError' as const;
  declare readonly code: 'UNEXPECTED_WEBHOOK_EVENT';
  /** The platform's event type that was received. */
  readonly eventType: string;
  /** The site (app instance) the event was about. */
  readonly instanceId: string;

  constructor(eventType: string, instanceId: string) {
    super(`Unexpected event type: ${eventType}`, { code: 'UNEXPECTED_WEBHOOK_EVENT' });
    this.eventType = eventType;
    this.instanceId = instanceId;
  }
}
