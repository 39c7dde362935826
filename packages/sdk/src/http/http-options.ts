/**
 * The options of the HTTP core: the public hook and retry types, and {@link HttpOptions}, the
 * slice of the client's options the transport reads once they are checked and defaulted.
 */
import type { StoreApiError } from './errors/store-api-error.js';
import type { StoreHosts } from './hosts.js';

/** Retry policy for idempotent requests. */
export interface RetryOptions {
  /**
   * How many times a failed request is tried again.
   * @default 2
   */
  limit?: number;
  /**
   * Statuses that are retried (network errors always are).
   * @default [429, 502, 503, 504]
   */
  statusCodes?: number[];
  /**
   * Longest wait between two tries, in ms, when the server gives no `Retry-After`.
   * @default 10000
   */
  backoffLimit?: number;
  /**
   * Longest `Retry-After` (seconds or HTTP date) the client is willing to wait, in ms.
   * @default 60000
   */
  maxRetryAfter?: number;
}

/** Called with each outgoing request; may return a replacement request, or a response to use instead. */
export type BeforeRequestHook = (
  request: Request,
) => Request | Response | void | Promise<Request | Response | void>;
/** Called with each response; may return a replacement response. */
export type AfterResponseHook = (
  request: Request,
  response: Response,
) => Response | void | Promise<Response | void>;
/** Called with each error before it is thrown; returns the error to throw. */
export type BeforeErrorHook = (error: StoreApiError) => StoreApiError | Promise<StoreApiError>;

/** Hooks into every request the client makes. Each accepts one function or a list. */
export interface StoreClientHooks {
  beforeRequest?: BeforeRequestHook | BeforeRequestHook[];
  afterResponse?: AfterResponseHook | AfterResponseHook[];
  beforeError?: BeforeErrorHook | BeforeErrorHook[];
}

/** What the transport reads: the client's options about calls, checked and with defaults. */
export interface HttpOptions {
  hosts: StoreHosts;
  fetch: typeof fetch;
  /** Time limit of each attempt, headers and body, in ms. */
  timeout: number;
  /** Time limit of each call as a whole, in ms. */
  deadline: number;
  /** Largest answer read, in bytes. */
  maxResponseBytes: number;
  retry: Required<RetryOptions>;
  hooks: {
    beforeRequest: BeforeRequestHook[];
    afterResponse: AfterResponseHook[];
    beforeError: BeforeErrorHook[];
  };
}
