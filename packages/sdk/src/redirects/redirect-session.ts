import { StoreSystemError } from '../http/errors/system-error.js';
import { isJsonObject } from '../internal/json.js';
import type { Transport } from '../http/transport.js';
import type { RedirectSessionRequest, RedirectSessionResponse } from '../models/redirects.js';

/** Path of the redirect-session call. */
export const REDIRECT_SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

/** `store.redirects`: sessions that send the browser to the platform's hosted pages. */
export interface StoreRedirects {
  /**
   * Creates a redirect session for one hosted flow (login, logout, checkout, bookings, events,
   * paid plans, a product page, the members account) and returns it; send the browser to
   * `redirectSession.fullUrl`.
   *
   * @example
   * const { redirectSession } = await store.redirects.createSession({
   *   ecomCheckout: { checkoutId },
   *   callbacks: { postFlowUrl: window.location.href },
   * });
   * window.location.assign(redirectSession.fullUrl);
   * @throws {StoreApiError} when the platform refuses or cannot be reached.
   */
  createSession(
    input: RedirectSessionRequest,
    options?: { signal?: AbortSignal },
  ): Promise<RedirectSessionResponse>;
}

/** Options of {@link createRedirectSession}. */
export interface RedirectSessionCallOptions {
  signal?: AbortSignal | undefined;
  /** An exact `Authorization` header instead of the client's current token (logout). */
  authorization?: { header: string };
}

/** Builds `store.redirects` on a transport. */
export function createRedirects(transport: Transport): StoreRedirects {
  return {
    createSession: (input, options = {}) =>
      createRedirectSession(transport, input, { signal: options.signal }),
  };
}

/** `POST /_api/redirects-api/v1/redirect-session`, checked to return a `fullUrl`. */
export async function createRedirectSession(
  transport: Transport,
  input: RedirectSessionRequest,
  options: RedirectSessionCallOptions = {},
): Promise<RedirectSessionResponse> {
  const secrets = [input.auth?.authRequest.state, input.auth?.authRequest.sessionToken].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const body = await transport.request({
    method: 'POST',
    path: REDIRECT_SESSION_PATH,
    body: input,
    secrets,
    signal: options.signal,
    ...(options.authorization === undefined ? {} : { authorization: options.authorization }),
  });
  const session = body.redirectSession;
  if (!isJsonObject(session) || typeof session.fullUrl !== 'string' || session.fullUrl === '') {
    throw new StoreSystemError({
      message: 'System error occurred: the redirect session answer has no fullUrl',
      status: 200,
      code: 'UNEXPECTED_RESPONSE',
      requestId: undefined,
      details: {},
      retryable: false,
    });
  }
  return { redirectSession: session as unknown as RedirectSessionResponse['redirectSession'] };
}
