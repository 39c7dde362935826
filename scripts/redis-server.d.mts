/** A throwaway redis-server on 127.0.0.1 (scripts/redis-server.mjs). */
export interface RedisServer {
  /** Its port on 127.0.0.1. */
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Starts it again on the same port, empty (after `kill()`). */
  start(): Promise<void>;
  /** Ends it as a crash would (SIGKILL); resolves once it has exited. */
  kill(): Promise<void>;
  /** Freezes it (SIGSTOP): it holds its connections and answers nothing. */
  pause(): void;
  /** Thaws it (SIGCONT). */
  resume(): void;
  /** Ends it for good and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a redis-server on a free port of 127.0.0.1 (or `port`); resolves once it answers. */
export function startRedisServer(options?: { port?: number }): Promise<RedisServer>;
