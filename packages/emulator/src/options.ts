/**
 * Options of {@link startEmulator}, documented field by field, and their one-time resolution
 * into the shape the rest of the code uses.
 */
import type { SeedCatalog } from './catalog/seed.js';
import type { IdentityModes } from './identity/model.js';

/** The client id registered by default (docs/wire-conventions.md). */
export const DEFAULT_CLIENT_ID = 'vitrine-local-client';

/** The API key the `authorized_client` grant checks by default. */
export const DEFAULT_API_KEY = 'vitrine-local-api-key';

const STOREFRONT_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];

/** The storefront's local callback addresses, then the same origins with path `/`. */
export const DEFAULT_REDIRECT_URIS: readonly string[] = [
  ...STOREFRONT_ORIGINS.map((o) => `${o}/callback`),
  ...STOREFRONT_ORIGINS.map((o) => `${o}/`),
];

/** A registered OAuth client. */
export interface EmulatorClient {
  clientId: string;
  /**
   * Every address the hosted pages may return to: OAuth redirect URIs, checkout and logout
   * post-flow URLs and recovery redirects. Matched exactly.
   */
  redirectUris: readonly string[];
}

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
   * Lifetime of access tokens, in seconds.
   * @default 3600
   */
  tokenTtlSeconds?: number;
  /** Where to POST signed webhook events. @default undefined (no webhooks) */
  webhookUrl?: string;
  /**
   * Registered clients; replaces the default one.
   * @default [{ clientId: 'vitrine-local-client', redirectUris: DEFAULT_REDIRECT_URIS }]
   */
  clients?: readonly EmulatorClient[];
  /** The API key of the `authorized_client` grant. @default 'vitrine-local-api-key' */
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
}

/** Options after defaults, used everywhere else. */
export interface ResolvedOptions {
  port: number;
  host: string;
  data: string | undefined;
  seed: string | SeedCatalog | undefined;
  tokenTtlSeconds: number;
  webhookUrl: string | undefined;
  clients: readonly EmulatorClient[];
  apiKey: string;
  now: () => number;
  logger: ((line: string) => void) | undefined;
  modes: IdentityModes;
  corsOrigins: readonly string[] | '*' | undefined;
  instanceId: string;
}

/** Applies defaults once and checks what cannot work. */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const ttl = options.tokenTtlSeconds ?? 3600;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 31_536_000) {
    throw new RangeError('tokenTtlSeconds must be an integer from 1 to 31536000');
  }
  const clients = options.clients ?? [
    { clientId: DEFAULT_CLIENT_ID, redirectUris: DEFAULT_REDIRECT_URIS },
  ];
  if (clients.length === 0) throw new RangeError('clients must list at least one client');
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    data: options.data,
    seed: options.seed,
    tokenTtlSeconds: ttl,
    webhookUrl: options.webhookUrl,
    clients,
    apiKey: options.apiKey ?? DEFAULT_API_KEY,
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
  };
}
