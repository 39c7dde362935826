/**
 * The HTTP core every part of the SDK calls the platform through: routing to the right host,
 * serializing bodies, and each call within its deadline (a query's `.r` GET or its POST
 * fallback is query-encoding.ts, on top of it). What one call's exchange does (authorization, attempts, the 401 replay, reading the
 * answer) is in exchange.ts; what the views of a client's transport share, in http-core.ts.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { ApiCall, AuthorizationProvider, RawCall } from './api-call.js';
import { startDeadline, type CallDeadline } from './call-deadline.js';
import { createExchange } from './exchange.js';
import { createHttpCore, type HttpCore } from './http-core.js';
import type { HostRouter } from './hosts.js';
import type { HttpOptions } from './http-options.js';
import { serializeBody } from './serialize.js';

/** The HTTP core every part of the SDK calls the platform through. */
export interface Transport {
  /** Sends a call and returns its JSON object body (`{}` when empty). */
  request<T = Record<string, unknown>>(call: ApiCall): Promise<T>;
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
  return authorizedTransport(createHttpCore(options), provider);
}

/** A view of the transport whose calls `auth` authorizes. */
function authorizedTransport(core: HttpCore, auth: AuthorizationProvider): Transport {
  const exchange = createExchange(core, auth);

  /** Runs one call, every attempt of it within the same deadline. */
  function withDeadline<T>(
    call: RawCall,
    run: (url: string, deadline: CallDeadline) => Promise<T>,
  ): Promise<T> {
    const origin = core.route(call.method, checkedPath(call.path));
    const url = buildUrl(origin, call.path, call.searchParams);
    return run(url, startDeadline(call.deadline ?? core.options.deadline));
  }

  return {
    route: core.route,
    async request<T>(call: ApiCall): Promise<T> {
      const jsonBody = call.body === undefined ? undefined : serializeBody(call.body);
      return withDeadline(call, async (url, deadline) =>
        exchange.readJson<T>(await exchange.send(call, url, deadline, jsonBody, call.body)),
      );
    },
    async send(call: RawCall): Promise<Response> {
      return withDeadline(call, async (url, deadline) =>
        exchange.readWhole(await exchange.send(call, url, deadline)),
      );
    },
    withAuthorization: (next) => authorizedTransport(core, next),
    close: () => core.attempts.close(),
  };
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
