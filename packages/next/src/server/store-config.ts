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
   * The shop's own origin (`VITRINE_SITE_URL`), for the addresses the hosted pages return to and
   * every redirect of the shop's server. `undefined`: one of {@link allowedHosts}.
   */
  siteUrl: string | undefined;
  /**
   * The hosts the shop answers on (`VITRINE_ALLOWED_HOSTS`, `host[:port]` in lower case): a
   * request's `X-Forwarded-Host` or `Host` names a redirect's address only when it is one of
   * them (else the first is used). Empty: in development, the loopback addresses
   * (`localhost`, `127.0.0.1`, `[::1]`); in production, {@link siteUrl} must be set.
   */
  allowedHosts: readonly string[];
}

/** The environment's names, for the messages that point at one. */
type Env = Readonly<Record<string, string | undefined>>;

/**
 * The store of this server: `VITRINE_CLIENT_ID` (required), `VITRINE_API_URL`,
 * `VITRINE_CALLBACK_PATH`, and the shop's own address: `VITRINE_SITE_URL` or
 * `VITRINE_ALLOWED_HOSTS` (one of them required in production, where no redirect's address may
 * come from a request's `Host` or `X-Forwarded-Host` alone).
 *
 * @example readStoreConfig({ VITRINE_CLIENT_ID: 'my-client', VITRINE_API_URL: 'http://127.0.0.1:4010/' })
 * // { clientId: 'my-client', baseUrl: 'http://127.0.0.1:4010', callbackPath: '/callback', siteUrl: undefined, allowedHosts: [] }
 * @throws {StoreArgumentError} naming the variable: `VITRINE_CLIENT_ID` missing, a URL that is not
 * an absolute http(s) origin, a callback path that is not a path, a host list that is not one,
 * or (with `NODE_ENV=production`, outside `next build`) neither `VITRINE_SITE_URL` nor
 * `VITRINE_ALLOWED_HOSTS` set.
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
  const { siteUrl, allowedHosts } = readShopAddress(env);
  return {
    clientId,
    baseUrl: originOf('VITRINE_API_URL', env.VITRINE_API_URL),
    callbackPath,
    siteUrl,
    allowedHosts,
  };
}

/**
 * The shop's own address: `VITRINE_SITE_URL` or `VITRINE_ALLOWED_HOSTS`, one of them required on
 * a production server (not during `next build`, which redirects no one). The proxy checks it
 * when it is made, as the server starts.
 *
 * @throws {StoreArgumentError} naming the variable, for a value that is not an origin or a list
 * of hosts, or for neither set in production.
 */
export function readShopAddress(env: Env = process.env): {
  siteUrl: string | undefined;
  allowedHosts: readonly string[];
} {
  const siteUrl = originOf('VITRINE_SITE_URL', env.VITRINE_SITE_URL);
  const allowedHosts = hostsOf(env.VITRINE_ALLOWED_HOSTS);
  if (
    siteUrl === undefined &&
    allowedHosts.length === 0 &&
    env.NODE_ENV === 'production' &&
    env.NEXT_PHASE !== 'phase-production-build'
  ) {
    throw new StoreArgumentError(
      'VITRINE_SITE_URL',
      "must be set in production to the shop's origin, like https://shop.example (or " +
        'VITRINE_ALLOWED_HOSTS to the hosts it answers on, like shop.example,www.shop.example): ' +
        "the store's hosted pages return there, and a request's Host or X-Forwarded-Host header " +
        'must not choose where a shopper is sent',
    );
  }
  return { siteUrl, allowedHosts };
}

// A host as a `Host` header names it: a name or an IPv4 address, or an IPv6 one in brackets,
// with an optional port.
const HOST = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/;

/** `VITRINE_ALLOWED_HOSTS`: hosts (or origins) separated by commas or spaces. */
function hostsOf(value: string | undefined): string[] {
  const hosts: string[] = [];
  for (const entry of (value ?? '').split(/[\s,]+/)) {
    if (entry === '') continue;
    let host = entry.toLowerCase();
    if (/^https?:\/\//.test(host)) host = new URL(originOf('VITRINE_ALLOWED_HOSTS', host)!).host;
    if (host.length > 260 || !HOST.test(host)) {
      throw new StoreArgumentError(
        'VITRINE_ALLOWED_HOSTS',
        'must list the hosts the shop answers on, like shop.example,www.shop.example:8080',
      );
    }
    hosts.push(host);
  }
  return hosts;
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
 * The shop's origin for a request, for the addresses a shopper is sent to: `siteUrl` when set;
 * else the request's host (`X-Forwarded-Host`, else `Host`) when `allowedHosts` lists it, or, in
 * development with no list, when it is a loopback address; else the first allowed host (or, in
 * development, `localhost`). The protocol is `X-Forwarded-Proto`'s (as a proxy that ends TLS
 * sends it), else `fallback`'s (the request's URL). A request's header never names another host.
 *
 * @example shopOrigin(readStoreConfig(), request.headers, request.url) // 'https://shop.example'
 */
export function shopOrigin(config: StoreConfig, headers: Headers, fallback: string): string {
  if (config.siteUrl !== undefined) return config.siteUrl;
  const base = new URL(fallback);
  const forwarded = firstValue(headers.get('x-forwarded-proto'));
  const protocol =
    forwarded === 'http' || forwarded === 'https' ? forwarded : base.protocol.slice(0, -1);
  const host = (firstValue(headers.get('x-forwarded-host')) ?? headers.get('host') ?? '')
    .trim()
    .toLowerCase();
  const allowed = config.allowedHosts;
  if (allowed.length > 0) return `${protocol}://${allowed.includes(host) ? host : allowed[0]}`;
  if (HOST.test(host) && LOOPBACK.test(host)) return `${protocol}://${host}`;
  return `${protocol}://localhost${base.port === '' ? '' : `:${base.port}`}`;
}

// The loopback names a development server answers on, with any port.
const LOOPBACK = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

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
