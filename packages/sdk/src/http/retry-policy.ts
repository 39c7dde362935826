/**
 * Which calls are tried again, and how long to wait between tries: ky's retry options for one
 * call, from the client's `retry` option and the call's own deadline. Only idempotent calls are
 * retried (and query reads sent as POST), with backoff and `Retry-After`.
 */
import { HTTPError, type RetryOptions as KyRetryOptions } from 'ky';
import { AttemptEnded, type CallDeadline } from './call-deadline.js';
import type { HttpOptions } from './http-options.js';

const IDEMPOTENT_METHODS = ['get', 'put', 'delete', 'head', 'options'];
// Statuses whose `Retry-After` (seconds or HTTP date) is honoured.
const RETRY_AFTER_STATUSES = [429, 503];

/**
 * The retries of one call: none with `retry: false`; those of a read for a call marked
 * `retry: true` (a query sent as POST); and, whatever the policy, no wait the deadline would cut
 * off: a wait (backoff or `Retry-After`) as long as the time left fails the call at once with the
 * last answer, rather than wait to be cut off.
 */
export function retriesOf(
  policy: HttpOptions['retry'],
  retry: boolean | undefined,
  deadline: CallDeadline,
): KyRetryOptions | 0 {
  if (retry === false) return 0;
  const { backoffLimit, maxRetryAfter } = policy;
  return {
    limit: policy.limit,
    methods: retry === true ? [...IDEMPOTENT_METHODS, 'post', 'patch'] : IDEMPOTENT_METHODS,
    statusCodes: policy.statusCodes,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    backoffLimit,
    maxRetryAfter,
    // Spelled out (it is ky's default) so that the deadline check computes the same wait.
    delay: (retryCount) => backoffMs(retryCount, backoffLimit),
    shouldRetry: ({ error, retryCount }) => {
      // The bounded fetch's own failures (timeout, deadline, size, redirect, disposal) are not
      // retried: a timed-out attempt already waited its whole limit.
      if (error instanceof AttemptEnded) return false;
      const retryAfter =
        error instanceof HTTPError && RETRY_AFTER_STATUSES.includes(error.response.status)
          ? retryAfterMs(error.response.headers.get('retry-after'))
          : undefined;
      const wait =
        retryAfter === undefined
          ? backoffMs(retryCount, backoffLimit)
          : Math.min(retryAfter, maxRetryAfter);
      return wait >= deadline.remaining() ? false : undefined;
    },
  };
}

/** The wait before retry number `retryCount` (from 1) without `Retry-After`: doubling from 300 ms. */
function backoffMs(retryCount: number, limit: number): number {
  return Math.min(limit, 0.3 * 2 ** (retryCount - 1) * 1000);
}

/** A `Retry-After` in ms: seconds, or an HTTP date; `undefined` when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? date - Date.now() : undefined;
}
