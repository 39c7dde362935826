import { createGraphqlCaller, type GraphqlCaller } from '../http/graphql.js';
import { createTransport, type AuthorizationProvider, type HttpMethod } from '../http/transport.js';
import { resolveStoreClientOptions, type StoreClientOptions } from './options.js';

/** Init of {@link StoreClient.fetch}: a `RequestInit` whose `signal` may be omitted. */
export interface StoreFetchInit extends Omit<RequestInit, 'method'> {
  method?: HttpMethod;
  /** Per-attempt time limit in ms. */
  timeout?: number;
}

/** A client of one store. Create one per app in browsers, and one per request on servers. */
export interface StoreClient {
  /** The client id the store was created with. */
  readonly clientId: string;
  /**
   * An authenticated call to any platform path, with the same host routing, retries and error
   * mapping as the SDK's own calls. Resolves with the response of a 2xx.
   *
   * @example
   * const response = await store.fetch('/stores-reader/v1/products/p1');
   * const { product } = await response.json();
   * @throws {StoreApiError} for any other status, a network failure or a timeout.
   * @throws {StoreArgumentError} when `path` is not a path of the platform (`/…`).
   */
  fetch(path: string, init?: StoreFetchInit): Promise<Response>;
  /** A GraphQL query on `POST /graphql/{apiVersion}`. */
  graphql: GraphqlCaller;
}

/**
 * Creates a client of the platform's REST API.
 *
 * @example
 * const store = createStoreClient({ clientId: 'vitrine-local-client', baseUrl: 'http://127.0.0.1:4010' });
 * @throws {StoreArgumentError} when an option is invalid (see {@link StoreClientOptions}).
 */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const resolved = resolveStoreClientOptions(options);

  // ── Identity (src/auth): the token store and renewal supply every call's Authorization. ──
  const fixedToken: AuthorizationProvider = {
    getAuthorization: () => Promise.resolve(resolved.tokens?.accessToken.value),
  };
  const transport = createTransport(resolved, fixedToken);

  // ── Commerce (src/cart, src/catalog): built on the transport and the identity. ──

  return {
    clientId: resolved.clientId,
    fetch(path, init = {}) {
      const { method = 'GET', headers, body, signal, timeout } = init;
      return transport.send({
        method,
        path,
        headers: headers ?? undefined,
        rawBody: body,
        signal: signal ?? undefined,
        timeout,
      });
    },
    graphql: createGraphqlCaller(transport),
  };
}
