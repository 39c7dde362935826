/**
 * A webhook body that cannot be trusted or read: a bad signature, an expired token, a token
 * that is not a JWT, or an envelope that is not the platform's. The message is always
 * `JWT is not valid` (spec §8); `cause` tells the detail. Answer such a request with 401.
 */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError' as const;

  constructor(cause?: unknown) {
    super('JWT is not valid', cause === undefined ? undefined : { cause });
  }
}
