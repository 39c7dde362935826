import type { Transport } from './transport.js';

/** The platform's GraphQL API version used when none is given. */
export const DEFAULT_GRAPHQL_API_VERSION = 'alpha';

/** Options of a GraphQL call. */
export interface GraphqlOptions {
  /** @default 'alpha' */
  apiVersion?: string;
  signal?: AbortSignal;
}

/** One error of a GraphQL answer. */
export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** A GraphQL answer: `data`, and `errors` when some fields failed. */
export interface GraphqlResponse<TData> {
  data?: TData | null;
  errors?: GraphqlError[];
}

/**
 * Sends `{ query, variables }` to `POST /graphql/{apiVersion}`. Field errors come back in
 * `errors` (GraphQL answers 200 for them); transport failures throw {@link StoreApiError}.
 */
export type GraphqlCaller = <TData = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  options?: GraphqlOptions,
) => Promise<GraphqlResponse<TData>>;

/** Binds {@link GraphqlCaller} to a transport. */
export function createGraphqlCaller(transport: Transport): GraphqlCaller {
  return (query, variables, options = {}) => {
    const apiVersion = encodeURIComponent(options.apiVersion ?? DEFAULT_GRAPHQL_API_VERSION);
    return transport.request({
      method: 'POST',
      path: `/graphql/${apiVersion}`,
      body: variables === undefined ? { query } : { query, variables },
      signal: options.signal,
    });
  };
}
