import { VitrineError } from '../../errors/vitrine-error.js';
import type { StoreErrorCode } from './codes.js';

/** The request an error came from, with every secret removed. */
export interface RedactedRequest {
  method: string;
  /** The URL with secret-looking query parameters replaced by `[redacted]`. */
  url: string;
}

/** Fields every {@link StoreApiError} is built from. */
export interface StoreApiErrorInit {
  message: string;
  status: number | undefined;
  code: StoreErrorCode;
  requestId: string | undefined;
  details: Record<string, unknown>;
  request?: RedactedRequest | undefined;
  /** Worth trying again later: network errors, timeouts, 429 and 5xx. */
  retryable: boolean;
  cause?: unknown;
}

/**
 * The base of every error the platform (or the way to it) produces. Catch this one to handle
 * them all, or one of its kinds: {@link StoreValidationError}, {@link StoreApplicationError},
 * {@link StoreClientError}, {@link StoreSystemError}.
 *
 * It never holds a token, a password or any other secret: the request is attached redacted and
 * secrets the request carried are scrubbed from the server's text.
 */
export class StoreApiError extends VitrineError {
  override name: string = 'StoreApiError';
  /** HTTP status, or `undefined` when no answer arrived (network error, timeout). */
  readonly status: number | undefined;
  /** A code from {@link StoreErrorCodes}, the server's application code, or one derived from the status text. */
  declare readonly code: StoreErrorCode;
  /** The `x-wix-request-id` of the answer, when there was one. Quote it to the platform's support. */
  readonly requestId: string | undefined;
  /** The server's error details (`applicationError` or `validationError`) plus the request id. */
  readonly details: Record<string, unknown>;
  /** Method and redacted URL of the failed request. */
  readonly request: RedactedRequest | undefined;
  /** `true` when the same call may succeed later (network error, timeout, 429, 5xx). */
  declare readonly retryable: boolean;

  constructor(init: StoreApiErrorInit) {
    super(init.message, { code: init.code, retryable: init.retryable, cause: init.cause });
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.request = init.request;
  }

  /** A plain, secret-free view for logs: `JSON.stringify(error)` uses it. */
  override toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      requestId: this.requestId,
      details: this.details,
      request: this.request,
      retryable: this.retryable,
    };
  }
}
