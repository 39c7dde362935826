/**
 * The `fetch` under ky: one attempt of a call, bounded. The attempt's time limit covers the whole
 * exchange, headers and body (a server that sends headers at once and then a byte now and then
 * is cut off); the answer is read whole here, up to a size cap; redirects are followed only on
 * the same origin, and only for reads.
 */
import { StoreErrorCodes } from './errors/codes.js';
import type { RedactedRequest } from './errors/store-api-error.js';
import { StoreSystemError } from './errors/system-error.js';
import { redactUrl } from './redact.js';

/** The bounds of one attempt, passed by the transport through ky's options. */
export interface AttemptBounds {
  /** Time limit of the whole attempt, headers and body, in ms. */
  timeout: number;
  /** Largest answer read, in bytes. */
  maxResponseBytes: number;
}

/** The ky option that carries an attempt's bounds to {@link createBoundedFetch}'s fetch. */
export const ATTEMPT_BOUNDS = 'vitrineAttemptBounds';

// Same-origin redirects followed for one read before giving up.
const MAX_REDIRECTS = 5;

// Statuses a Response may not be built with a body for.
const NULL_BODY_STATUSES = [101, 103, 204, 205, 304];

/**
 * Wraps `fetchImpl` so that each attempt is bounded by the {@link AttemptBounds} it is given
 * (in `init[ATTEMPT_BOUNDS]`), and answers with a response whose body was already read whole.
 *
 * Failures are {@link StoreSystemError}s: `TIMEOUT` (retryable), `RESPONSE_TOO_LARGE` and
 * `REDIRECT_REFUSED`. An abort of the request's own signal rejects with its reason, as fetch does.
 */
export function createBoundedFetch(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const bounds = (init as Record<string, unknown> | undefined)?.[ATTEMPT_BOUNDS] as
      AttemptBounds | undefined;
    const request = input instanceof Request ? input : new Request(input, init);
    if (bounds === undefined) return fetchImpl(request);
    return boundedAttempt(fetchImpl, request, bounds);
  };
}

async function boundedAttempt(
  fetchImpl: typeof fetch,
  request: Request,
  bounds: AttemptBounds,
): Promise<Response> {
  const described: RedactedRequest = { method: request.method, url: redactUrl(request.url) };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(timeoutError(described, bounds.timeout)),
    bounds.timeout,
  );
  const callAborted = (): void => controller.abort(request.signal.reason);
  if (request.signal.aborted) callAborted();
  else request.signal.addEventListener('abort', callAborted, { once: true });
  try {
    let current = request;
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(current, { signal: controller.signal, redirect: 'manual' });
      const target = redirectTarget(response, current);
      if (target === undefined) {
        const body = await readBody(response, bounds.maxResponseBytes, described, controller);
        return new Response(NULL_BODY_STATUSES.includes(response.status) ? null : body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      await response.body?.cancel().catch(() => {});
      if (target === 'hidden' || target.origin !== new URL(request.url).origin) {
        throw redirectRefused(described, response.status, 'to another origin');
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw redirectRefused(described, response.status, `of a ${request.method}`);
      }
      if (hop + 1 >= MAX_REDIRECTS) {
        throw redirectRefused(described, response.status, `after ${MAX_REDIRECTS} hops`);
      }
      current = new Request(target, { method: request.method, headers: request.headers });
    }
  } catch (error) {
    // An abort rejects with the controller's reason: the timeout, or the call's own reason.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', callAborted);
  }
}

/**
 * Where a redirect leads: a URL, `'hidden'` when the runtime will not say (a browser's opaque
 * redirect), or `undefined` for an answer that is not a redirect.
 */
function redirectTarget(response: Response, request: Request): URL | 'hidden' | undefined {
  if (response.type === 'opaqueredirect') return 'hidden';
  if (response.status < 300 || response.status >= 400 || response.status === 304) return undefined;
  const location = response.headers.get('location');
  if (location === null) return undefined;
  try {
    return new URL(location, request.url);
  } catch {
    return 'hidden';
  }
}

// Reads the body chunk by chunk, stopping as soon as it passes the cap.
async function readBody(
  response: Response,
  maxBytes: number,
  request: RedactedRequest,
  controller: AbortController,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(request, response.status, maxBytes);
  }
  if (response.body === null) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      controller.abort(tooLarge(request, response.status, maxBytes));
      await reader.cancel().catch(() => {});
      throw controller.signal.reason;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function timeoutError(request: RedactedRequest, timeout: number): StoreSystemError {
  return new StoreSystemError({
    message: `System error occurred: no answer within ${timeout} ms (${request.method} ${pathOf(request)})`,
    status: undefined,
    code: StoreErrorCodes.TIMEOUT,
    requestId: undefined,
    details: {},
    request,
    retryable: true,
  });
}

function tooLarge(request: RedactedRequest, status: number, maxBytes: number): StoreSystemError {
  return new StoreSystemError({
    message: `System error occurred: the answer is larger than the ${maxBytes}-byte limit (maxResponseBytes) (${request.method} ${pathOf(request)})`,
    status,
    code: StoreErrorCodes.RESPONSE_TOO_LARGE,
    requestId: undefined,
    details: {},
    request,
    retryable: false,
  });
}

function redirectRefused(request: RedactedRequest, status: number, why: string): StoreSystemError {
  return new StoreSystemError({
    message: `System error occurred: the answer redirected ${why}, which is not followed (${request.method} ${pathOf(request)})`,
    status: status || undefined,
    code: StoreErrorCodes.REDIRECT_REFUSED,
    requestId: undefined,
    details: {},
    request,
    retryable: false,
  });
}

function pathOf(request: RedactedRequest): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '?';
  }
}
