import ky, { HTTPError, type KyInstance, type Options as KyOptions, type RetryOptions } from 'ky';
import { StoreArgumentError } from '../errors/argument-error.js';
import { isJsonObject, parseJsonSafely } from '../internal/json.js';
import {
  ATTEMPT_BOUNDS,
  createBoundedFetch,
  readText,
  readWhole,
  type AttemptBounds,
} from './bounded-fetch.js';
import {
  AttemptEnded,
  createLiveAttempts,
  startDeadline,
  type CallDeadline,
} from './call-deadline.js';
import { StoreApiError } from './errors/store-api-error.js';
import type { CallFacts } from './errors/to-call-error.js';
import { createHostRouter, type HostRouter } from './hosts.js';
import type { HttpOptions } from './http-options.js';
import { loadOnFirstUse } from './load-on-first-use.js';
import { planQueryRequest } from './query-encoding.js';
import { serializeBody } from './serialize.js';

/** HTTP methods the platform uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Supplies the `Authorization` header. The auth layer implements it: it renews tokens before
 * answering, and is told when the platform refused a token.
 */
export interface AuthorizationProvider {
  /** The header value for the next call (renewing first when needed), or `undefined` for none. */
  getAuthorization(signal?: AbortSignal): Promise<string | undefined>;
  /**
   * Called once when a call answered 401 with `refused` as its header. Resolves `true` when a
   * renewed token makes one replay worthwhile.
   */
  onUnauthorized?(refused: string): Promise<boolean>;
}

/** One call to the platform, described by its wire path. */
export interface ApiCall {
  method: HttpMethod;
  /** The full wire path, starting with `/`, path parameters already encoded. */
  path: string;
  searchParams?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, serialized as the platform expects ({@link serializeBody}). */
  body?: unknown;
  /**
   * `'provider'` (default): the header from the {@link AuthorizationProvider}; `'none'`: no
   * header (the token endpoint); a string: this exact header (the `authorized_client` grant).
   */
  authorization?: 'provider' | 'none' | { header: string };
  signal?: AbortSignal | undefined;
  /** Per-attempt time limit in ms, headers and body; the client's `timeout` by default. */
  timeout?: number | undefined;
  /** Time limit of the whole call in ms (attempts, waits, renewal); the client's `deadline` by default. */
  deadline?: number | undefined;
  /**
   * Retry this call even though its method is not idempotent (a query sent as POST, a token
   * grant other than the code exchange). `false` never retries.
   */
  retry?: boolean;
  /** Wire field paths → the caller's argument names, for validation messages. */
  argumentNames?: Readonly<Record<string, string>>;
  /** Extra secret values this call carries (a code, a verifier) to keep out of errors. */
  secrets?: readonly string[];
}

/** A raw call through {@link Transport.send}: the caller's own body and headers. */
export interface RawCall extends Omit<ApiCall, 'body'> {
  headers?: HeadersInit | undefined;
  rawBody?: BodyInit | null | undefined;
}

/** The HTTP core every part of the SDK calls the platform through. */
export interface Transport {
  /** Sends a call and returns its JSON object body (`{}` when empty). */
  request<T = Record<string, unknown>>(call: ApiCall): Promise<T>;
  /** Sends a query body as a `.r` GET, or as a POST when the GET would be too long. */
  query<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    call?: Omit<ApiCall, 'method' | 'path' | 'body'>,
  ): Promise<T>;
  /** Sends a raw call; resolves with the response when it is a success, throws the mapped error otherwise. */
  send(call: RawCall): Promise<Response>;
  /** The origin a call with this method and path goes to. */
  readonly route: HostRouter;
  /**
   * The same transport (same connection settings, same calls to end on `close`) with its calls
   * authorized by `provider`. The transport the auth layer's grants use has none: each grant
   * says which header it sends.
   */
  withAuthorization(provider: AuthorizationProvider): Transport;
  /** Ends every call under way and every later one with a `CLIENT_DISPOSED` error. */
  close(): void;
}

const IDEMPOTENT_METHODS = ['get', 'put', 'delete', 'head', 'options'];
// Statuses whose `Retry-After` (seconds or HTTP date) is honoured.
const RETRY_AFTER_STATUSES = [429, 503];

// One attempt's outcome: the response with what an error about it needs, or the mapped error
// with the header that was refused (for the 401 replay decision).
type Attempt =
  | { ok: true; response: Response; facts: CallFacts }
  | { ok: false; error: unknown; authorization: string | undefined };

// Mapping failures to errors (and their texts) loads with the first failure: a storefront's
// first page never needs it.
const loadFailures = /* @__PURE__ */ loadOnFirstUse(() => import('./errors/to-call-error.js'));

// Calls of a transport without a provider send no Authorization unless they give one.
const NO_AUTHORIZATION: AuthorizationProvider = {
  getAuthorization: () => Promise.resolve(undefined),
};

/**
 * Builds the transport of one client on ky: routing, serialization, authorization with one
 * renew-and-replay on 401, timeouts, retries with backoff and `Retry-After`, and error mapping.
 * Without `provider`, calls carry only the Authorization they give themselves.
 */
export function createTransport(
  options: HttpOptions,
  provider: AuthorizationProvider = NO_AUTHORIZATION,
): Transport {
  const route = createHostRouter(options.hosts);
  const attempts = createLiveAttempts();
  const retry = {
    limit: options.retry.limit,
    methods: IDEMPOTENT_METHODS,
    statusCodes: options.retry.statusCodes,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    backoffLimit: options.retry.backoffLimit,
    maxRetryAfter: options.retry.maxRetryAfter,
    // Spelled out (it is ky's default) so that the deadline check computes the same wait.
    delay: (retryCount: number) => backoffMs(retryCount, options.retry.backoffLimit),
  };
  const http: KyInstance = ky.create({
    // Each attempt is bounded by the fetch under ky (bounded-fetch.ts), body included: ky's own
    // timeout ends at the headers.
    fetch: createBoundedFetch(options.fetch),
    timeout: false,
    retry,
    hooks: {
      beforeRequest: options.hooks.beforeRequest.map((hook) => (request) => hook(request)),
      afterResponse: options.hooks.afterResponse.map(
        (hook) => (request, _options, response) => hook(request, response),
      ),
    },
  });

  return authorized(provider);

  // Everything below depends on who authorizes the calls; the ky instance and the live
  // attempts above are shared by every view of the transport.
  function authorized(auth: AuthorizationProvider): Transport {
    async function attempt(
      call: RawCall,
      url: string,
      deadline: CallDeadline,
      jsonBody: string | undefined,
      body: unknown,
    ): Promise<Attempt> {
      let authorization: string | undefined;
      try {
        authorization = await authorizationFor(call);
      } catch (error) {
        // Renewal failures are the auth layer's typed errors already.
        return { ok: false, error, authorization: undefined };
      }
      const timeout = call.timeout ?? options.timeout;
      // What an error would need; redacted and scrubbed only if one occurs.
      const facts: CallFacts = {
        method: call.method,
        url,
        authorization,
        body,
        secrets: call.secrets,
        argumentNames: call.argumentNames,
        timeout,
      };

      const headers = new Headers(call.headers);
      if (authorization !== undefined) headers.set('authorization', authorization);
      if (jsonBody !== undefined) headers.set('content-type', 'application/json');
      const bounds: AttemptBounds = {
        timeout,
        deadline,
        maxResponseBytes: options.maxResponseBytes,
        callerSignal: call.signal,
        attempts,
      };
      const kyOptions: KyOptions & { [ATTEMPT_BOUNDS]: AttemptBounds } = {
        method: call.method,
        headers,
        body: jsonBody ?? call.rawBody ?? null,
        retry:
          call.retry === false
            ? 0
            : withinDeadline(
                call.retry === true
                  ? { ...retry, methods: [...IDEMPOTENT_METHODS, 'post', 'patch'] }
                  : retry,
                deadline,
              ),
        [ATTEMPT_BOUNDS]: bounds,
      };
      // The caller's signal also cuts ky's waits between retries short.
      if (call.signal) kyOptions.signal = call.signal;

      try {
        return { ok: true, response: await http(url, kyOptions), facts };
      } catch (thrown) {
        // A caller's abort is not a platform failure: rethrow it as fetch would.
        if (call.signal?.aborted) return { ok: false, error: call.signal.reason, authorization };
        return { ok: false, error: await failure(thrown, facts), authorization };
      }
    }

    // Retries stop where the deadline would cut them off: a wait (backoff or `Retry-After`) as
    // long as the time left fails the call at once with the last answer, rather than wait to be
    // cut off.
    function withinDeadline(policy: RetryOptions, deadline: CallDeadline): RetryOptions {
      return {
        ...policy,
        shouldRetry: ({ error, retryCount }) => {
          // The bounded fetch's own failures (timeout, deadline, size, redirect, disposal) are
          // not retried: a timed-out attempt already waited its whole limit.
          if (error instanceof AttemptEnded) return false;
          const retryAfter =
            error instanceof HTTPError && RETRY_AFTER_STATUSES.includes(error.response.status)
              ? retryAfterMs(error.response.headers.get('retry-after'))
              : undefined;
          const wait =
            retryAfter === undefined
              ? backoffMs(retryCount, retry.backoffLimit)
              : Math.min(retryAfter, retry.maxRetryAfter);
          return wait >= deadline.remaining() ? false : undefined;
        },
      };
    }

    async function authorizationFor(call: RawCall): Promise<string | undefined> {
      const mode = call.authorization ?? 'provider';
      if (mode === 'none') return undefined;
      if (mode !== 'provider') return mode.header;
      return auth.getAuthorization(call.signal);
    }

    /** Runs one call, every attempt of it within the same deadline. */
    function withDeadline<T>(
      call: RawCall,
      exchange: (call: RawCall, url: string, deadline: CallDeadline) => Promise<T>,
    ): Promise<T> {
      const url = buildUrl(
        route(call.method, checkedPath(call.path)),
        call.path,
        call.searchParams,
      );
      return exchange(call, url, startDeadline(call.deadline ?? options.deadline));
    }

    // A 401 means the token was refused (revoked, or expired early): renew once and replay once.
    async function send(
      call: RawCall,
      url: string,
      deadline: CallDeadline,
      jsonBody?: string,
      body?: unknown,
    ): Promise<{ response: Response; facts: CallFacts }> {
      let result = await attempt(call, url, deadline, jsonBody, body);
      if (!result.ok && isReplayable(call, result)) {
        if (await auth.onUnauthorized!(result.authorization!)) {
          result = await attempt(call, url, deadline, jsonBody, body);
        }
      }
      if (!result.ok) throw await withHooks(result.error);
      return result;
    }

    function isReplayable(call: RawCall, result: Extract<Attempt, { ok: false }>): boolean {
      return (
        result.error instanceof StoreApiError &&
        result.error.status === 401 &&
        (call.authorization ?? 'provider') === 'provider' &&
        result.authorization !== undefined &&
        auth.onUnauthorized !== undefined
      );
    }

    async function withHooks(error: unknown): Promise<unknown> {
      if (!(error instanceof StoreApiError)) return error;
      let result = error;
      for (const hook of options.hooks.beforeError) result = await hook(result);
      return result;
    }

    // Any status but 200 is an error on this platform, and a 200 must carry a JSON object (or
    // nothing).
    async function readJson<T>(sent: { response: Response; facts: CallFacts }): Promise<T> {
      const { response, facts } = sent;
      let text: string;
      try {
        text = await readText(response);
      } catch (error) {
        // The attempt's bounds (time, size) ended the read: that is the call's failure.
        throw await withHooks(await failure(error, facts));
      }
      const body = parseJsonSafely(text);
      if (
        response.status === 200 &&
        (body === undefined ? text.trim() === '' : isJsonObject(body))
      ) {
        return (body ?? {}) as T;
      }
      const { toAnswerError } = await loadFailures();
      throw await withHooks(
        toAnswerError(
          {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
            body,
          },
          facts,
        ),
      );
    }

    return {
      route,
      async request<T>(call: ApiCall): Promise<T> {
        const jsonBody = call.body === undefined ? undefined : serializeBody(call.body);
        return withDeadline(call, async (bounded, url, deadline) =>
          readJson<T>(await send(bounded, url, deadline, jsonBody, call.body)),
        );
      },
      async query<T>(
        path: string,
        body: unknown,
        call: Omit<ApiCall, 'method' | 'path' | 'body'> = {},
      ) {
        const plan = planQueryRequest(body);
        const read: RawCall =
          plan.method === 'GET'
            ? { ...call, method: 'GET', path, searchParams: { '.r': plan.encoded } }
            : // The fallback is still a read, so it keeps the retries of a GET.
              { retry: true, ...call, method: 'POST', path };
        return withDeadline(read, async (bounded, url, deadline) =>
          readJson<T>(
            plan.method === 'GET'
              ? await send(bounded, url, deadline)
              : await send(bounded, url, deadline, plan.json, body),
          ),
        );
      },
      async send(call: RawCall): Promise<Response> {
        return withDeadline(call, async (bounded, url, deadline) => {
          const { response, facts } = await send(bounded, url, deadline);
          try {
            return await readWhole(response);
          } catch (error) {
            // The attempt's bounds (time, size) ended the read: that is the call's failure.
            throw await withHooks(await failure(error, facts));
          }
        });
      },
      withAuthorization: (next) => authorized(next),
      close: () => attempts.close(),
    };
  }
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

function checkedPath(path: string): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
    throw new StoreArgumentError('path', 'must be a platform path starting with a single "/"');
  }
  return path;
}

function buildUrl(
  origin: string,
  path: string,
  searchParams: ApiCall['searchParams'] | undefined,
): string {
  if (!searchParams) return origin + path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams)) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  if (text === '') return origin + path;
  return `${origin}${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** `thrown` as the SDK's error (or as itself, when it is not an object). */
async function failure(thrown: unknown, facts: CallFacts): Promise<unknown> {
  const { toCallError } = await loadFailures();
  return toCallError(thrown, facts);
}
