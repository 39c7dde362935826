/**
 * A webhook receiver for tests: a server on 127.0.0.1 (port 0) that keeps the body of each post
 * it gets, the emulator's signed deliveries, until the test takes them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookReceiver {
  /** The bodies received, in order; a test empties it as it takes them. */
  readonly received: string[];
  /** Starts listening. */
  listen(): Promise<void>;
  /** The receiver's address for `path` (once listening). */
  url(path: string): string;
  /** Stops, dropping open connections. */
  close(): Promise<void>;
}

export function webhookReceiver(): WebhookReceiver {
  const received: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push(body);
      response.end();
    });
  });
  return {
    received,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: (path) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
