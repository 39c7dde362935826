/** One call to the platform as the SDK's parts describe it to the transport (transport.ts). */

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
  /** A JSON body, serialized as the platform expects (serialize.ts). */
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
  /**
   * Send it with fetch's `keepalive`, so that it reaches the platform even when the page that
   * made it is left at once (a cart change). For calls with a JSON body (or none); dropped for a
   * body too large to keep alive.
   */
  keepalive?: boolean | undefined;
}

/** A raw call through `Transport.send`: the caller's own body and headers. */
export interface RawCall extends Omit<ApiCall, 'body'> {
  headers?: HeadersInit | undefined;
  rawBody?: BodyInit | null | undefined;
}
