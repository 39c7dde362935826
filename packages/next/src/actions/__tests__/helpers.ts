/**
 * What the server actions' tests share: the emulator on port 0 behind a forwarder (also on port
 * 0) that counts every request the shop's server makes to the store, and the state of Next's
 * request scope that the test files' `vi.mock`s of `next/headers`, `next/server`, `next/cache`
 * and `next/navigation` read and write (the cookie jar, refreshes, redirects).
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { createVitrineProxy } from '../../proxy/index.js';
import { sessionRequest } from '../../proxy/__tests__/helpers.js';

/** Next's request scope as the mocks keep it. */
export interface RequestScope {
  jar: Map<string, string>;
  refreshed: number;
  afterwards: (() => unknown)[];
}

/** The `cookies()` of a scope, shaped as Next's. */
export function cookiesOf(scope: RequestScope) {
  return {
    get: (name: string) =>
      scope.jar.has(name) ? { name, value: scope.jar.get(name)! } : undefined,
    has: (name: string) => scope.jar.has(name),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (options?.maxAge === 0) scope.jar.delete(name);
      else scope.jar.set(name, value);
    },
    delete: (name: string) => scope.jar.delete(name),
  };
}

/** What `redirect()` throws in the tests (Next's throws too): where to. */
export class Redirected extends Error {
  constructor(readonly to: string) {
    super(`redirected to ${to}`);
  }
}

/** The store behind a counting forwarder. */
export interface CountedStore {
  emulator: Emulator;
  /** The forwarder's address: `VITRINE_API_URL`. */
  url: string;
  /** Requests that reached the store since the last `reset()`. */
  calls(): number;
  reset(): void;
  close(): Promise<void>;
}

/** Starts the emulator and its counting forwarder. */
export async function startCountedStore(): Promise<CountedStore> {
  const emulator = await startEmulator({ port: 0 });
  const target = new URL(emulator.url);
  let calls = 0;
  const counter: Server = createServer((incoming, outgoing) => {
    calls++;
    const relay = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        // The Host kept: the emulator writes its addresses (the hosted pages) on the forwarder.
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(relay);
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  return {
    emulator,
    url: `http://127.0.0.1:${(counter.address() as AddressInfo).port}`,
    calls: () => calls,
    reset: () => {
      calls = 0;
    },
    async close() {
      counter.closeAllConnections();
      await new Promise((resolve) => counter.close(resolve));
      await emulator.close();
    },
  };
}

/** A visitor's session, as the store's first use (the browser's session request) gives it, put in `jar`. */
export async function visitorSession(jar: Map<string, string>): Promise<void> {
  const response = await createVitrineProxy()(sessionRequest(''));
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
}

/** A form of `fields`, in order (a name may repeat). */
export function form(fields: [string, string | Blob][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}
