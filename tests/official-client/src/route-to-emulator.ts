/**
 * The network boundary of the suite. The official client hard-codes the platform's hosts and
 * forces https (`https://www.wixapis.com`, `https://edge.wixapis.com` when it reads through the
 * CDN, and its token calls use the global `fetch` whatever fetch a client is given). So the
 * process's own HTTP stack is pointed at the emulator instead: an undici dispatcher, installed as
 * the global one that Node's `fetch` uses, opens a plain TCP connection to the emulator for those
 * hosts. Requests keep their URL and `Host` header (the emulator is told to accept those names),
 * nothing is patched in the client, and no root, certificate or hosts file is involved.
 * Loopback addresses (the emulator's hosted pages, the test shop) are reached directly; any other
 * host is refused, so the suite never reaches the internet.
 */
import { connect } from 'node:net';
import type { Dispatcher } from 'undici';
import { Agent, buildConnector, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

/** The platform hosts the official client calls. */
export const PLATFORM_HOSTS: readonly string[] = [
  'www.wixapis.com',
  'edge.wixapis.com',
  'readonly.wixapis.com',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Undoes {@link routePlatformTo}: the previous dispatcher back, the connections closed. */
export type Unroute = () => Promise<void>;

/**
 * Sends every request for a platform host to `target` (the emulator's base URL), for all of this
 * process's `fetch` calls, until the returned function is called.
 * @example const unroute = routePlatformTo(new URL(emulator.url)); … await unroute();
 */
export function routePlatformTo(target: URL): Unroute {
  const direct = buildConnector({});
  const port = Number(target.port);
  const agent = new Agent({
    connect(options, callback) {
      if (LOOPBACK.has(options.hostname)) {
        direct(options, callback);
        return;
      }
      if (!PLATFORM_HOSTS.includes(options.hostname)) {
        callback(
          new Error(`The suite reaches no host but the platform's: ${options.hostname}`),
          null,
        );
        return;
      }
      const socket = connect({ host: target.hostname, port });
      const failed = (error: Error) => callback(error, null);
      socket.once('error', failed);
      socket.once('connect', () => {
        socket.off('error', failed);
        callback(null, socket);
      });
    },
  });
  const previous: Dispatcher = getGlobalDispatcher();
  setGlobalDispatcher(agent);
  return async () => {
    setGlobalDispatcher(previous);
    await agent.close();
  };
}
