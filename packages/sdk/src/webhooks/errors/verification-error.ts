import { VitrineError } from '../../errors/vitrine-error.js';

/**
 * A webhook body that cannot be trusted or read: a bad signature, an expired token, a token
 * that is not a JWT, or an envelope that is not the platform's. The message is always
 * `JWT is not valid`; `cause` tells the detail; `code` is always `INVALID_WEBHOOK`. Answer such
 * a request with 401.
 */
export class WebhookVerificationError extends VitrineError {
  override name = 'WebhookVerificationError' as const;
  declare readonly code: 'INVALID_WEBHOOK';

  constructor(cause?: unknown) {
    super('JWT is not valid', { code: 'INVALID_WEBHOOK', cause });
  }
}
