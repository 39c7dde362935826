/**
 * A token endpoint failure as a {@link StoreAuthError}: 'something went wrong' for any status
 * but 200, `INVALID_GRANT` when the platform refused the grant itself (the refresh token or
 * code is dead), `TOKEN_ENDPOINT_UNREACHABLE` (retryable) when no answer came.
 */
import { oauthErrorOf } from '../../http/errors/oauth-error.js';
import { isStoreApiError } from '../../http/errors/type-guards.js';
import { StoreAuthError } from '../store-auth-error.js';

/** Turns what a grant request threw into the auth layer's error. */
export function toGrantError(error: unknown, secrets: readonly string[]): unknown {
  if (!isStoreApiError(error)) {
    return error instanceof StoreAuthError || typeof error !== 'object' || error === null
      ? error
      : new StoreAuthError({
          code: 'TOKEN_REQUEST_FAILED',
          message: 'something went wrong',
          cause: error,
          secrets,
        });
  }
  if (error.status === 200) {
    return new StoreAuthError({
      code: 'INVALID_TOKEN_RESPONSE',
      message:
        'The token endpoint answered 200 without valid tokens: the answer is not a JSON object',
      status: 200,
      cause: error,
    });
  }
  if (error.status === undefined) {
    return new StoreAuthError({
      code: 'TOKEN_ENDPOINT_UNREACHABLE',
      message: 'something went wrong: the token endpoint could not be reached (network or timeout)',
      retryable: true,
      cause: error,
    });
  }
  const oauthError = oauthErrorOf(error);
  return new StoreAuthError({
    code: oauthError === 'invalid_grant' ? 'INVALID_GRANT' : 'TOKEN_REQUEST_FAILED',
    message: 'something went wrong',
    retryable: error.retryable,
    status: error.status,
    oauthError,
    cause: error,
  });
}
