/**
 * Which store the shop talks to, read from the server's environment when a request comes in,
 * not when the shop is built: one build runs against any store (the emulator in development,
 * the platform in production). Server only; never an argument of a cached or server function,
 * so no request can point the shop's server at another address.
 */
import { StoreArgumentError } from '@vitrine/sdk';

/** The store's address and headless client id, and where the hosted pages return to. */
export interface StoreConfig {
  /** The store's headless client id (`VITRINE_CLIENT_ID`). */
  clientId: string;
  /**
   * One origin for both of the platform's hosts (`VITRINE_API_URL`): the emulator, or a proxy.
   * `undefined` for the hosted platform.
   */
  baseUrl: string | undefined;
  /**
   * The path the store's hosted sign-in and checkout pages return to (`VITRINE_CALLBACK_PATH`,
   * default `/callback`): `${origin}${callbackPath}` must be registered for the client id.
   */
  callbackPath: string;
  /**
   * The shop's own origin (`VITRINE_SITE_URL`), for the addresses the hosted pages return to.
   * `undefined`: the request's (its `Host`, or `X-Forwarded-Host` and `X-Forwarded-Proto` behind
   * a proxy).
   */
  siteUrl: string | undefined;
}

/** The environment's names, for the messages that point at one. */
type Env = Readonly<Record<string, string | undefined>>;

/**
 * The store of this server: `VITRINE_CLIENT_ID` (required), `VITRINE_API_URL`,
 * `VITRINE_CALLBACK_PATH` and `VITRINE_SITE_URL` (optional).
 *
 * @example readStoreConfig({ VITRINE_CLIENT_ID: 'my-client', VITRINE_API_URL: 'http://127.0.0.1:4010/' })
 * // { clientId: 'my-client', baseUrl: 'http://127.0.0.1:4010', callbackPath: '/callback', siteUrl: undefined }
 * @throws {StoreArgumentError} naming the variable: `VITRINE_CLIENT_ID` missing, a URL that is not
 * an absolute http(s) origin, a callback path that is not a path.
 */
export function readStoreConfig(env: Env = process.env): StoreConfig {
  const clientId = nonEmpty(env.VITRINE_CLIENT_ID);
  if (clientId === undefined) {
    throw new StoreArgumentError(
      'VITRINE_CLIENT_ID',
      "must be set to the store's headless client id (the emulator's is vitrine-local-client)",
    );
  }
  const callbackPath = nonEmpty(env.VITRINE_CALLBACK_PATH) ?? '/callback';
  if (!/^\/(?![/\\])[\w\-./~]*$/.test(callbackPath)) {
    throw new StoreArgumentError(
      'VITRINE_CALLBACK_PATH',
      'must be a path of the shop, like /callback',
    );
  }
  return {
    clientId,
    baseUrl: originOf('VITRINE_API_URL', env.VITRINE_API_URL),
    callbackPath,
    siteUrl: originOf('VITRINE_SITE_URL', env.VITRINE_SITE_URL),
  };
}

function originOf(name: string, value: string | undefined): string | undefined {
  const given = nonEmpty(value);
  if (given === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new StoreArgumentError(name, 'must be an absolute http(s) URL');
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search
  ) {
    throw new StoreArgumentError(name, 'must be an http(s) origin, like https://shop.example');
  }
  return url.origin;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * The shop's origin for a request: `siteUrl` when set, else the request's host and protocol
 * (`X-Forwarded-Host` and `X-Forwarded-Proto` first, as a proxy that ends TLS sends them).
 */
export function shopOrigin(config: StoreConfig, headers: Headers, fallback: string): string {
  if (config.siteUrl !== undefined) return config.siteUrl;
  const host = firstValue(headers.get('x-forwarded-host')) ?? headers.get('host');
  const proto = firstValue(headers.get('x-forwarded-proto'));
  const base = new URL(fallback);
  if (host === null || !/^[\w.-]+(:\d{1,5})?$/.test(host)) return base.origin;
  return `${proto === 'http' || proto === 'https' ? proto : base.protocol.slice(0, -1)}://${host}`;
}

function firstValue(header: string | null): string | undefined {
  const first = header?.split(',')[0]?.trim();
  return first === '' ? undefined : first;
}

/** The client options of the store in `config`. */
export function clientOptionsOf(config: StoreConfig): { clientId: string; baseUrl?: string } {
  return {
    clientId: config.clientId,
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
  };
}
