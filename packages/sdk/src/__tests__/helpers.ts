/**
 * Test helpers at the network boundary: a `fetch` to pass into the client that records every
 * `Request` it receives and answers from a script.
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text ('' when none). */
  body: string;
}

export type Responder = (request: Request, index: number) => Response | Promise<Response>;

export interface RecordingFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
}

/** A `fetch` that records each request and answers with `responder`. */
export function recordingFetch(responder: Responder): RecordingFetch {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : '';
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body,
    });
    return responder(request, requests.length - 1);
  };
  return { fetch: fetchImpl, requests };
}

/** A JSON response. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

/**
 * A `fetch` that never answers, but rejects when its request is aborted (as real fetch does). It
 * listens to the signal the caller passed, not to a `new Request()` copy's: nothing holds such a
 * copy while the fetch hangs, and once garbage-collected its listener never hears the abort (the
 * transport's timeout test hung in 3 of 8 runs on Node 24 with the cores busy; 0 of 8 with the
 * copy held).
 */
export function hangingFetch(): RecordingFetch {
  const recorder = recordingFetch(() => new Promise<Response>(() => {}));
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal!.reason as Error);
      if (signal?.aborted) abort();
      signal?.addEventListener('abort', abort, { once: true });
      recorder.fetch(input, init).then(resolve, reject);
    });
  };
  return { fetch: fetchImpl, requests: recorder.requests };
}

/** Decodes the `.r` parameter of a recorded query GET. */
export function decodeR(url: URL): unknown {
  const encoded = url.searchParams.get('.r');
  if (encoded === null) throw new Error('no .r parameter');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
}
