/**
 * The handler's two connections to Redis (one for commands, one subscribed to the tags channel)
 * and what the handler may expect of them at any moment: `up`, `connecting` (the first moments of
 * a server), or `down` (an outage). Redis down or slow never holds a page for long:
 *
 * - a read waits at most `timeoutMs` (while connecting too), then counts as a miss; one that gets
 *   no answer in time while Redis was up starts an outage;
 * - during an outage nothing waits on Redis: reads miss at once, writes are not sent;
 * - the client reconnects by itself after a dropped connection (50 ms, doubling up to
 *   `maxReconnectDelayMs`); after a silence (a frozen or overloaded server) the link tries again
 *   on the same schedule;
 * - Redis is `up` again only once the handler has caught up with what it missed (`onSync`: the
 *   tags expired meanwhile), so an entry is never served past a tag expiration it did not hear of;
 * - an outage writes one line when it starts and one when it ends, never one per request.
 *
 * `@redis/client` is loaded on first use: a shop without `REDIS_URL` never loads it.
 */
import type { ResolvedCacheOptions } from './options.js';

/** A Redis command's arguments. */
export type RedisArgs = ReadonlyArray<string | Buffer>;

/** What the handler sends: a command, its reply's strings as Buffers when `binary`. */
export interface RedisCommands {
  send(args: RedisArgs, binary?: boolean): Promise<unknown>;
}

/** What the link asks of the handler. */
export interface LinkHooks {
  /** The tags channel's messages. */
  onMessage(message: string): void;
  /** Catching up after a (re)connection; Redis is `up` once it resolves. */
  onSync(redis: RedisCommands): Promise<void>;
}

export type LinkState = 'connecting' | 'up' | 'down';

/** The part of `@redis/client`'s client the link uses. */
interface Client {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  duplicate(): Client;
  sendCommand(args: RedisArgs, options?: object): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  on(event: string, listener: (value: unknown) => void): unknown;
  destroy(): void;
  unref(): void;
}

/** The longest a catching up after a (re)connection is waited for, at least. */
const SYNC_TIMEOUT_MS = 5000;

type Outcome<T> = { ok: true; value: T } | { ok: false; timedOut: boolean; error?: unknown };

export class RedisLink {
  #state: LinkState = 'connecting';
  #started = false;
  #closed = false;
  #client: Client | undefined;
  #subscriber: Client | undefined;
  #subscribed = false;
  #commands: RedisCommands | undefined;
  #waiters: Array<() => void> = [];
  #downSince = 0;
  #attempt = 0;
  #retry: unknown;
  #syncing = false;

  constructor(
    private readonly options: ResolvedCacheOptions,
    private readonly channel: string,
    private readonly hooks: LinkHooks,
  ) {}

  /** Where the link is now. */
  get state(): LinkState {
    return this.#state;
  }

  /**
   * Runs `read` on Redis, waiting at most `timeoutMs` in all (for the first connection too).
   * `undefined` when Redis is down, slow or fails: the caller goes on as on a miss.
   */
  async read<T>(read: (redis: RedisCommands) => Promise<T>): Promise<T | undefined> {
    this.#start();
    if (this.#state === 'down') return undefined;
    const wasUp = this.#state === 'up';
    const outcome = await this.#bounded(
      this.#whenSettled().then(() => {
        if (this.#state !== 'up' || !this.#commands) throw new Error('not up');
        return read(this.#commands);
      }),
      this.options.timeoutMs,
    );
    if (outcome.ok) return outcome.value;
    // Still connecting when the time ran out: not an outage yet (the client says when it is one).
    if (outcome.timedOut && wasUp) this.#markDown(`no answer within ${this.options.timeoutMs} ms`);
    else if (!outcome.timedOut && this.#state === 'up') this.#markDown(reasonOf(outcome.error));
    return undefined;
  }

  /**
   * Runs `write` when Redis is up (in the first moments of a server, once it is), waiting at most
   * `writeTimeoutMs` in all; whether it was written.
   */
  async write(write: (redis: RedisCommands) => Promise<unknown>): Promise<boolean> {
    this.#start();
    if (this.#state === 'connecting') {
      await this.#bounded(this.#whenSettled(), this.options.writeTimeoutMs);
    }
    if (this.#state !== 'up' || !this.#commands) return false;
    const outcome = await this.#bounded(write(this.#commands), this.options.writeTimeoutMs);
    if (outcome.ok) return true;
    this.#markDown(
      outcome.timedOut
        ? `no answer within ${this.options.writeTimeoutMs} ms`
        : reasonOf(outcome.error),
    );
    return false;
  }

  /** Waits, at most `timeoutMs`, for the first connection; whether Redis is up. */
  async ready(): Promise<boolean> {
    this.#start();
    if (this.#state === 'connecting') {
      await this.#bounded(this.#whenSettled(), this.options.timeoutMs);
    }
    return this.#state === 'up';
  }

  /** Closes both connections; the link is of no further use. */
  close(): void {
    this.#closed = true;
    if (this.#retry !== undefined) this.options.clock.clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#client?.destroy();
    this.#subscriber?.destroy();
    this.#settle();
  }

  #start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#connect().catch((error: unknown) => this.#markDown(reasonOf(error)));
  }

  async #connect(): Promise<void> {
    const { createClient, RESP_TYPES } = await import('@redis/client');
    if (this.#closed) return;
    const { maxReconnectDelayMs, timeoutMs } = this.options;
    const client = createClient({
      url: this.options.url,
      // A command sent while disconnected fails at once instead of waiting for the connection.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.max(1000, timeoutMs),
        reconnectStrategy: (retries: number) => backoff(retries, maxReconnectDelayMs),
      },
    }) as unknown as Client;
    const subscriber = client.duplicate();
    this.#client = client;
    this.#subscriber = subscriber;
    const binary = { typeMapping: { [RESP_TYPES.BLOB_STRING]: Buffer } };
    this.#commands = {
      send: (args, asBuffers = false) => client.sendCommand(args, asBuffers ? binary : undefined),
    };
    for (const connection of [client, subscriber]) {
      // Without a listener, a connection's error would end the server's process.
      connection.on('error', (error) => this.#markDown(reasonOf(error)));
      connection.on('ready', () => void this.#sync());
      // Never what keeps a process (a build, a test run) alive.
      connection.unref();
    }
    await Promise.all([client.connect(), subscriber.connect()]);
    await subscriber.subscribe(this.channel, (message) => this.hooks.onMessage(message));
    this.#subscribed = true;
    await this.#sync();
  }

  /** Catches up (the handler's `onSync`) once both connections are ready; then Redis is up. */
  async #sync(): Promise<void> {
    if (this.#state === 'up' || this.#syncing || this.#closed) return;
    const commands = this.#commands;
    if (!this.#client?.isReady || !this.#subscriber?.isReady || !this.#subscribed || !commands) {
      this.#retryLater();
      return;
    }
    this.#syncing = true;
    // Off every page's path, and the tags' hash may be long: a wider bound than a write's.
    const bound = Math.max(this.options.writeTimeoutMs, SYNC_TIMEOUT_MS);
    const outcome = await this.#bounded(this.hooks.onSync(commands), bound);
    this.#syncing = false;
    if (outcome.ok) {
      this.#markUp();
      return;
    }
    this.#markDown(outcome.timedOut ? `no answer within ${bound} ms` : reasonOf(outcome.error));
    this.#retryLater();
  }

  #retryLater(): void {
    if (this.#retry !== undefined || this.#closed || this.#state === 'up') return;
    const delay = backoff(this.#attempt, this.options.maxReconnectDelayMs);
    this.#attempt += 1;
    this.#retry = this.options.clock.setTimeout(() => {
      this.#retry = undefined;
      void this.#sync();
    }, delay);
  }

  #markDown(reason: string): void {
    if (this.#closed || this.#state === 'down') return;
    this.#state = 'down';
    this.#downSince = this.options.clock.now();
    this.options.log(
      `[vitrine] shared cache: Redis at ${this.options.where} is unreachable (${reason}); pages ` +
        `are rendered from the store's platform, uncached, until it answers again.`,
    );
    this.#settle();
    this.#retryLater();
  }

  #markUp(): void {
    const wasDown = this.#state === 'down';
    this.#state = 'up';
    this.#attempt = 0;
    this.#settle();
    if (!wasDown) return;
    const seconds = (this.options.clock.now() - this.#downSince) / 1000;
    this.options.log(
      `[vitrine] shared cache: Redis at ${this.options.where} answers again after ` +
        `${seconds.toFixed(1)} s; entries are shared again.`,
    );
  }

  /** Resolves once the link is no longer connecting. */
  #whenSettled(): Promise<void> {
    if (this.#state !== 'connecting' || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #settle(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** `work`'s outcome, or a time-out after `ms` (`work` goes on; its result is dropped). */
  #bounded<T>(work: Promise<T>, ms: number): Promise<Outcome<T>> {
    const { clock } = this.options;
    return new Promise((resolve) => {
      // Past the bound, the answer still gets the rest of this turn of the event loop: after a
      // long task of this process, timers run before the replies that came in meanwhile, and the
      // bound is Redis's latency, not this process's.
      const timer = clock.setTimeout(
        () => setImmediate(() => resolve({ ok: false, timedOut: true })),
        ms,
      );
      work.then(
        (value) => {
          clock.clearTimeout(timer);
          resolve({ ok: true, value });
        },
        (error: unknown) => {
          clock.clearTimeout(timer);
          resolve({ ok: false, timedOut: false, error });
        },
      );
    });
  }
}

/** 50 ms, doubling, at most `max`. */
function backoff(attempt: number, max: number): number {
  return Math.min(50 * 2 ** Math.min(attempt, 16), max);
}

/**
 * What a log line says of an error: its code or class (`ECONNREFUSED`, `ConnectionTimeoutError`),
 * never its message, which might repeat a server's words.
 */
function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, name } = error as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
    if (typeof name === 'string' && name !== 'Error') return name;
    const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof constructorName === 'string' && constructorName !== 'Error') return constructorName;
  }
  return 'connection error';
}
