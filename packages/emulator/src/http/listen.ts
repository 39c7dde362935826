/**
 * What the emulator's HTTP and drop-in (HTTPS) servers share: the refusal of malformed requests
 * in the platform's shape, bounded header and request times, listening, and closing.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './server-errors.js';

/** Bounds a server's requests and answers malformed ones in the platform's shape. */
export function guardServer(server: Server): void {
  server.on('clientError', answerClientError);
  // Bounded header and request times keep a slow client from holding sockets forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
}

/**
 * Listens on `host:port` (0 picks a free port); answers the port.
 * @throws {Error} when the port is taken (`EADDRINUSE`) or not allowed (`EACCES`).
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops listening and closes open connections; resolves once the port is free. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
