/**
 * The `fetch` under ky: one attempt of a call, bounded. The attempt's time limit covers the whole
 * exchange, headers and body (a server that sends headers at once and then a byte now and then
 * is cut off); the answer is read whole here, up to a size cap; redirects are followed only on
 * the same origin, and only for reads.
 */
import { AttemptEnded, type CallDeadline, type LiveAttempts } from './call-deadline.js';

/** The bounds of one attempt, passed by the transport through ky's options. */
export interface AttemptBounds {
  /** Time limit of the attempt, headers and body, in ms (cut to what the deadline leaves). */
  timeout: number;
  /** The call's deadline. */
  deadline: CallDeadline;
  /** Largest answer read, in bytes. */
  maxResponseBytes: number;
  /** The caller's signal: its abort ends the attempt with its reason. */
  callerSignal: AbortSignal | undefined;
  /** The client's attempts under way (its disposal ends them). */
  attempts: LiveAttempts;
}

/** The ky option that carries an attempt's bounds to {@link createBoundedFetch}'s fetch. */
export const ATTEMPT_BOUNDS = 'vitrineAttemptBounds';

// Same-origin redirects followed for one read before giving up.
const MAX_REDIRECTS = 5;

// Statuses a Response may not be built with a body for.
const NULL_BODY_STATUSES = [101, 103, 204, 205, 304];

/**
 * Wraps `fetchImpl` so that each attempt is bounded by the {@link AttemptBounds} it is given
 * (in `init[ATTEMPT_BOUNDS]`). The attempt runs on a signal of its own, which its timer, the
 * caller's abort and the client's disposal end; the timer keeps running while the answer is
 * read, so read a success with {@link readText} or {@link readWhole}. Other answers (which ky
 * retries or throws) are read here, within the same bounds.
 *
 * Failures are {@link AttemptEnded}s (a timeout, the deadline, an answer too large, a refused
 * redirect, the client's disposal), which the transport maps to `StoreSystemError`s. A caller's
 * abort rejects with its reason, as fetch does.
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

/** An answer still being read within its attempt's bounds. */
interface OpenAttempt {
  /** Reads the body within the bounds, then ends the attempt. */
  read(): Promise<Uint8Array<ArrayBuffer> | string | null>;
}

// Successful answers whose body is still to be read, with their attempt.
const openAttempts = new WeakMap<Response, OpenAttempt>();

/** The whole body of an answer as text, read within its attempt's bounds. */
export async function readText(response: Response): Promise<string> {
  const open = openAttempts.get(response);
  if (open === undefined) return response.text();
  const body = await open.read();
  return typeof body === 'string' ? body : body === null ? '' : new TextDecoder().decode(body);
}

/**
 * The answer with its body already read within its attempt's bounds, for callers who read it
 * themselves later (`store.fetch`).
 */
export async function readWhole(response: Response): Promise<Response> {
  const open = openAttempts.get(response);
  if (open === undefined) return response;
  const body = await open.read();
  return new Response(NULL_BODY_STATUSES.includes(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function boundedAttempt(
  fetchImpl: typeof fetch,
  request: Request,
  bounds: AttemptBounds,
): Promise<Response> {
  const { callerSignal, attempts, deadline } = bounds;
  if (callerSignal?.aborted) throw callerSignal.reason;
  if (attempts.closed) throw new AttemptEnded('disposed');
  const left = deadline.remaining();
  if (left <= 0) throw new AttemptEnded('deadline', deadline.ms);

  const controller = new AbortController();
  const cutByDeadline = left < bounds.timeout;
  const timer = setTimeout(
    () =>
      controller.abort(
        cutByDeadline
          ? new AttemptEnded('deadline', deadline.ms)
          : new AttemptEnded('timeout', bounds.timeout),
      ),
    cutByDeadline ? left : bounds.timeout,
  );
  const onCallerAbort = (): void => controller.abort(callerSignal!.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  attempts.add(controller);
  const end = (): void => {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
    attempts.delete(controller);
  };
  // An abort rejects with the attempt's reason: its timeout, the deadline, the caller's abort
  // or the client's disposal.
  const reasonFor = (error: unknown): unknown =>
    controller.signal.aborted ? controller.signal.reason : error;
  const readWithin = async (response: Response) => {
    try {
      return await readBody(response, bounds.maxResponseBytes);
    } catch (error) {
      throw reasonFor(error);
    } finally {
      end();
    }
  };

  const init: RequestInit = { signal: controller.signal, redirect: 'manual' };
  let response: Response;
  try {
    response = await followSameOrigin(fetchImpl, request, init);
  } catch (error) {
    end();
    throw reasonFor(error);
  }
  if (response.ok) {
    // Read later by the transport (readText, readWhole), still within this attempt's bounds.
    let reading: ReturnType<typeof readWithin> | undefined;
    openAttempts.set(response, { read: () => (reading ??= readWithin(response)) });
    return response;
  }
  // An error answer, which ky retries or throws: read it now, so the attempt ends here.
  const body = await readWithin(response);
  return new Response(NULL_BODY_STATUSES.includes(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

// Fetches, following redirects only on the same origin and only for reads.
async function followSameOrigin(
  fetchImpl: typeof fetch,
  request: Request,
  init: RequestInit,
): Promise<Response> {
  let current = request;
  for (let hop = 0; ; hop++) {
    const response = await fetchImpl(current, init);
    const target = redirectTarget(response, current);
    if (target === undefined) return response;
    await response.body?.cancel().catch(() => {});
    if (target === 'hidden' || target.origin !== new URL(request.url).origin) {
      throw new AttemptEnded('redirect', 'to another origin', response.status);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AttemptEnded('redirect', `of a ${request.method}`, response.status);
    }
    if (hop + 1 >= MAX_REDIRECTS) {
      throw new AttemptEnded('redirect', `after ${MAX_REDIRECTS} hops`, response.status);
    }
    current = new Request(target, { method: request.method, headers: request.headers });
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

// Reads the whole body, stopping as soon as it passes the cap. A body whose declared length is
// within the cap is read as text in one go (the runtime's HTTP parser holds the server to it).
async function readBody(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | string | null> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new AttemptEnded('too-large', maxBytes, response.status);
  }
  if (response.body === null) return null;
  if (Number.isFinite(declared)) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AttemptEnded('too-large', maxBytes, response.status);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
