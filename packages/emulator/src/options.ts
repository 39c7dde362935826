/**
 * Options of {@link startEmulator}, documented field by field, and their one-time resolution
 * into the shape the rest of the code uses.
 */
import type { EmulatorClient, ResolvedOptions } from './context.js';
import type { CatalogVersion, SeedCatalog } from './models/catalog.js';
import { defaultDropInDirectory } from './drop-in/directory.js';
import type { DropInOptions } from './drop-in/start.js';
import type { IdentityModes, IdpConnection } from './models/identity.js';
import { checkIdpConnection } from './identity/idp.js';

/** The client id registered by default (docs/wire-conventions.md). */
export const DEFAULT_CLIENT_ID = 'vitrine-local-client';

/** The API key (the elevated credential) by default. */
export const DEFAULT_API_KEY = 'vitrine-local-api-key';

/** Access tokens live 4 hours, as the platform documents for visitor and member tokens. */
export const DEFAULT_TOKEN_TTL_SECONDS = 14_400;

/** A rotated refresh token stays usable this long by default. */
export const DEFAULT_REFRESH_REUSE_GRACE_SECONDS = 30;

/** Vite's dev and preview servers, and Next's (and `create-next-app`'s) default port. */
const STOREFRONT_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
  'http://localhost:3000',
  'http://127.0.0.1:3000',
];

/** The local storefronts' callback addresses, then the same origins with path `/`. */
export const DEFAULT_REDIRECT_URIS: readonly string[] = [
  ...STOREFRONT_ORIGINS.map((o) => `${o}/callback`),
  ...STOREFRONT_ORIGINS.map((o) => `${o}/`),
];

/** Options of `startEmulator`. Every field is optional. */
export interface EmulatorOptions {
  /**
   * TCP port; 0 picks a free one (read it back from `url`).
   * @default 0
   */
  port?: number;
  /**
   * Interface to listen on. Keep the loopback default unless you know why.
   * @default '127.0.0.1'
   */
  host?: string;
  /**
   * A JSON file the state is written to (atomically) after each change and read back at start.
   * @default undefined (memory only)
   */
  data?: string;
  /**
   * The catalog to start from: a seed object, or the path of a JSON seed file
   * (`{ collections, products }`, see README "Seeding").
   * @default the built-in catalog of 60 products in 6 collections
   */
  seed?: string | SeedCatalog;
  /**
   * Lifetime of access tokens, in seconds: 4 hours, as the platform documents for visitor and
   * member tokens.
   * @default 14400
   */
  tokenTtlSeconds?: number;
  /**
   * How long a rotated refresh token stays usable, in seconds. Requests of one browser that race
   * to renew the same expired session all get the one successor pair within this time; a use
   * after it is treated as theft and revokes the sign-in. `0` is strict rotation.
   * @default 30
   * @example refreshReuseGraceSeconds: 0
   */
  refreshReuseGraceSeconds?: number;
  /**
   * Lets any valid token (visitor or member) make catalog writes, bulk changes and `sign-on`,
   * which otherwise need the API key. For quick local work only.
   * @default false
   */
  openWrites?: boolean;
  /**
   * Host names accepted in the `Host` header besides the loopback names (`localhost`,
   * `127.0.0.1`, `[::1]`) and `host`. Any other answers 421, which shuts out DNS rebinding.
   * @default []
   * @example allowedHosts: ['devbox.local']
   */
  allowedHosts?: readonly string[];
  /** Where to POST signed webhook events. @default undefined (no webhooks) */
  webhookUrl?: string;
  /**
   * Registered clients; replaces the default one.
   * @default [{ clientId: 'vitrine-local-client', redirectUris: DEFAULT_REDIRECT_URIS }]
   */
  clients?: readonly EmulatorClient[];
  /**
   * The store's API key: the elevated credential that catalog writes, bulk changes, `sign-on` and
   * order reads need (`Authorization: <apiKey>`), and the key of the `authorized_client` grant.
   * @default 'vitrine-local-api-key'
   */
  apiKey?: string;
  /**
   * The clock, in epoch milliseconds. Tests pass a controllable one to expire codes and tokens
   * without waiting.
   * @default Date.now
   * @example let t = Date.now(); startEmulator({ now: () => t }); t += 61_000;
   */
  now?: () => number;
  /** Receives one line per request (method, path, status, time). Never given secrets. @default none */
  logger?: (line: string) => void;
  /** Identity modes at start (email verification, owner approval, captcha). @default all off */
  modes?: Partial<IdentityModes>;
  /**
   * Browser origins allowed by CORS: a list, or `'*'`.
   * @default any http origin on localhost, 127.0.0.1 or [::1]
   */
  corsOrigins?: readonly string[] | '*';
  /** The `instanceId` of webhook envelopes. @default 'vitrine-emulator' */
  instanceId?: string;
  /**
   * Identity-provider connections that `login-with-token-params` accepts tokens of: each token
   * a JWT signed with the connection's secret ({@link signIdpToken} mints one). More can be added
   * at run time with `POST /_emulator/idp-connections`.
   * @default [] (every SSO sign-in is refused: no connection)
   * @example idpConnections: [{ idpConnectionId: 'my-idp', secret: process.env.IDP_SECRET! }]
   */
  idpConnections?: readonly IdpConnection[];
  /**
   * Also answer for the platform's own host names (`www.wixapis.com`, `edge.wixapis.com`,
   * `readonly.wixapis.com`, `static.wixstatic.com`) on a TLS listener of 127.0.0.1, so an app
   * written on the platform's official client runs unchanged against the emulator. `true` uses the
   * defaults; the returned `Emulator.dropIn` says what to set in the app's environment and
   * browser. See the README, "Run an app written on the official client".
   * @default undefined (no drop-in)
   * @example dropIn: { port: 0, directory: mkdtempSync(join(tmpdir(), 'drop-in-')) }
   */
  dropIn?: boolean | DropInOptions;
  /**
   * Serve Cart V2 (`/ecom/v2/carts…`, the current cart and carts by id) beside the V1 cart.
   * `false` runs a store without it: every `/ecom/v2/carts…` path then answers like any path the
   * platform does not serve (404 `NOT_FOUND`), as a client that falls back to V1 expects.
   * @default true
   * @example startEmulator({ cartV2: false })
   */
  cartV2?: boolean;
  /**
   * The catalog the store runs, as a site on the platform runs one of the two, never both:
   * `'v1'` serves Catalog V1 (`/stores-reader/v1`, `/stores/v1`, `/v2/collections`: products and
   * collections), `'v3'` serves Catalog V3 (`/stores/v3` products, inventory and variants,
   * `/categories/v1` categories) from the same seeded catalog (same product and variant ids; the
   * collections become categories). Each answers the other's calls 428, as the platform does
   * (README "Catalog V3"). V1 is the default so apps written on the V1 calls, and the official
   * client's V1 modules, keep working unchanged. A `data` file remembers its catalog, and one
   * written by a store of the other catalog is refused at start.
   * @default 'v1'
   * @example startEmulator({ catalog: 'v3' })
   */
  catalog?: CatalogVersion;
}

function resolveDropIn(option: EmulatorOptions['dropIn']): ResolvedOptions['dropIn'] {
  if (option === undefined || option === false) return undefined;
  const { port = 0, directory = defaultDropInDirectory() } = option === true ? {} : option;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError('dropIn.port must be an integer from 0 to 65535');
  if (typeof directory !== 'string' || directory === '')
    throw new RangeError('dropIn.directory must be a path');
  return { port, directory };
}

/** Applies defaults once and checks what cannot work. */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const ttl = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 31_536_000) {
    throw new RangeError('tokenTtlSeconds must be an integer from 1 to 31536000');
  }
  const grace = options.refreshReuseGraceSeconds ?? DEFAULT_REFRESH_REUSE_GRACE_SECONDS;
  if (!Number.isInteger(grace) || grace < 0 || grace > 3600) {
    throw new RangeError('refreshReuseGraceSeconds must be an integer from 0 to 3600');
  }
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  if (!/^[\x21-\x7e]{8,4096}$/.test(apiKey) || apiKey.includes(',')) {
    throw new RangeError('apiKey must be 8 to 4096 printable characters without spaces or commas');
  }
  const clients = options.clients ?? [
    { clientId: DEFAULT_CLIENT_ID, redirectUris: DEFAULT_REDIRECT_URIS },
  ];
  if (clients.length === 0) throw new RangeError('clients must list at least one client');
  const catalog = options.catalog ?? 'v1';
  if (catalog !== 'v1' && catalog !== 'v3') throw new RangeError("catalog must be 'v1' or 'v3'");
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    data: options.data,
    seed: options.seed,
    tokenTtlSeconds: ttl,
    refreshReuseGraceSeconds: grace,
    openWrites: options.openWrites ?? false,
    allowedHosts: (options.allowedHosts ?? []).map((h) => h.toLowerCase()),
    webhookUrl: options.webhookUrl,
    clients,
    apiKey,
    now: options.now ?? Date.now,
    logger: options.logger,
    modes: {
      emailVerification: false,
      ownerApproval: false,
      captchaRequired: false,
      ...options.modes,
    },
    corsOrigins: options.corsOrigins,
    instanceId: options.instanceId ?? 'vitrine-emulator',
    idpConnections: (options.idpConnections ?? []).map(checkIdpConnection),
    dropIn: resolveDropIn(options.dropIn),
    cartV2: options.cartV2 ?? true,
    catalog,
  };
}
