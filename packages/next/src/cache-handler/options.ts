/**
 * The shared cache's options: what a shop may set (every field documented, most optional), read
 * once into the resolved shape the rest of the handler uses, and the same options read from the
 * server's environment (`REDIS_URL` and three optional `VITRINE_CACHE_*` variables), which is how
 * the handler Next.js loads by path is configured.
 */
import { StoreArgumentError } from '@vitrine/sdk';

/** Timers and the time of day, injected so tests drive them. */
export interface CacheClock {
  /** Milliseconds since the epoch, as Next.js stamps its entries. */
  now(): number;
  /** Runs `run` after `ms`; the handle goes to `clearTimeout`. */
  setTimeout(run: () => void, ms: number): unknown;
  /** Cancels what `setTimeout` returned. */
  clearTimeout(handle: unknown): void;
}

/** Options of {@link createRedisCacheHandler}. */
export interface RedisCacheHandlerOptions {
  /**
   * The Redis server, `redis://[[user]:password@]host[:port][/db]` (`rediss://` for TLS). Its
   * password never appears in a log line or an error.
   * @example 'redis://cache.internal:6379'
   */
  url: string;
  /**
   * Put before every key and the tags channel, so several shops share one Redis without seeing
   * each other's entries.
   * @default `vitrine:${VITRINE_CLIENT_ID}:` (`VITRINE_CACHE_PREFIX` when set)
   */
  prefix?: string;
  /**
   * The longest a page waits on Redis for an entry, in ms. Past it the entry counts as missing
   * (the page reads the platform, as if uncached) and Redis as unreachable until it answers again.
   * @default 50
   */
  timeoutMs?: number;
  /**
   * The longest a write (an entry, a tag expiration) is waited for, in ms. A write is not on the
   * way of a page's first byte; past this Redis counts as unreachable.
   * @default 1000
   */
  writeTimeoutMs?: number;
  /** An entry bigger than this many bytes is not stored (it is rendered each time instead). @default 2 MiB */
  maxEntryBytes?: number;
  /**
   * The longest pause between two attempts to reach Redis again, in ms; they start at 50 ms and
   * double up to it.
   * @default 2000
   */
  maxReconnectDelayMs?: number;
  /**
   * Where the one line that starts an outage, and the one that ends it, go.
   * @default console.warn
   */
  log?: (line: string) => void;
  /** Timers and clock. @default the global ones, and `performance.timeOrigin + performance.now()` */
  clock?: CacheClock;
}

/** What the handler runs on: every option decided. */
export interface ResolvedCacheOptions {
  url: string;
  /** `host:port` of `url`: what a log line may say of the server (never its password). */
  where: string;
  prefix: string;
  timeoutMs: number;
  writeTimeoutMs: number;
  maxEntryBytes: number;
  maxReconnectDelayMs: number;
  log: (line: string) => void;
  clock: CacheClock;
}

export const DEFAULT_TIMEOUT_MS = 50;
export const DEFAULT_WRITE_TIMEOUT_MS = 1000;
export const DEFAULT_MAX_ENTRY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_RECONNECT_DELAY_MS = 2000;

const systemClock: CacheClock = {
  now: () => performance.timeOrigin + performance.now(),
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A retry never keeps a process alive on its own (a build, a test run).
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function defaultLog(line: string): void {
  // The operator's log line of a server-side cache: one when Redis becomes unreachable, one when
  // it is back (never one per request). Server only; nothing secret in it.
  // eslint-disable-next-line no-console
  console.warn(line);
}

/**
 * Checks `options` once and fills in the defaults.
 * @throws {StoreArgumentError} when `url` is not a redis:// or rediss:// URL, or a number is not
 * a positive finite number.
 */
export function resolveCacheOptions(options: RedisCacheHandlerOptions): ResolvedCacheOptions {
  return {
    url: options.url,
    where: redisLocation(options.url, 'url'),
    prefix: options.prefix ?? defaultPrefix({}),
    timeoutMs: positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs'),
    writeTimeoutMs: positive(options.writeTimeoutMs, DEFAULT_WRITE_TIMEOUT_MS, 'writeTimeoutMs'),
    maxEntryBytes: positive(options.maxEntryBytes, DEFAULT_MAX_ENTRY_BYTES, 'maxEntryBytes'),
    maxReconnectDelayMs: positive(
      options.maxReconnectDelayMs,
      DEFAULT_MAX_RECONNECT_DELAY_MS,
      'maxReconnectDelayMs',
    ),
    log: options.log ?? defaultLog,
    clock: options.clock ?? systemClock,
  };
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The handler's options from the server's environment, or `undefined` when `REDIS_URL` is not set
 * (the shop then keeps Next.js's in-memory cache):
 *
 * | variable | option |
 * | --- | --- |
 * | `REDIS_URL` | `url` |
 * | `VITRINE_CACHE_PREFIX` | `prefix` (default `vitrine:${VITRINE_CLIENT_ID}:`) |
 * | `VITRINE_CACHE_TIMEOUT_MS` | `timeoutMs` |
 * | `VITRINE_CACHE_MAX_ENTRY_BYTES` | `maxEntryBytes` |
 *
 * @example readCacheEnv({ REDIS_URL: 'redis://127.0.0.1:6379', VITRINE_CLIENT_ID: 'shop' })
 * // { url: 'redis://127.0.0.1:6379', prefix: 'vitrine:shop:' }
 * @throws {StoreArgumentError} when a variable is set to something unusable (named in the error).
 */
export function readCacheEnv(env: Env = process.env): RedisCacheHandlerOptions | undefined {
  const url = nonEmpty(env.REDIS_URL);
  if (url === undefined) return undefined;
  redisLocation(url, 'REDIS_URL');
  const options: RedisCacheHandlerOptions = { url, prefix: defaultPrefix(env) };
  const timeoutMs = numberIn(env, 'VITRINE_CACHE_TIMEOUT_MS');
  if (timeoutMs !== undefined) options.timeoutMs = timeoutMs;
  const maxEntryBytes = numberIn(env, 'VITRINE_CACHE_MAX_ENTRY_BYTES');
  if (maxEntryBytes !== undefined) options.maxEntryBytes = maxEntryBytes;
  return options;
}

function defaultPrefix(env: Env): string {
  const chosen = nonEmpty(env.VITRINE_CACHE_PREFIX);
  if (chosen !== undefined) return chosen;
  return `vitrine:${nonEmpty(env.VITRINE_CLIENT_ID) ?? 'default'}:`;
}

/** `host:port` of a redis URL; refuses anything else without repeating the URL (it may hold a password). */
function redisLocation(value: string, argument: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StoreArgumentError(argument, 'must be a redis:// or rediss:// URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new StoreArgumentError(argument, 'must be a redis:// or rediss:// URL');
  }
  return `${url.hostname}:${url.port || '6379'}`;
}

function numberIn(env: Env, name: string): number | undefined {
  const text = nonEmpty(env[name]);
  if (text === undefined) return undefined;
  return positive(Number(text), 0, name);
}

function positive(value: number | undefined, fallback: number, argument: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new StoreArgumentError(argument, 'must be a positive number');
  }
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
