/**
 * Helpers of the drop-in tests: requests to the drop-in's TLS listener as a platform host, raw
 * or through `https`, and a TLS handshake against a server presenting a given certificate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer } from 'node:tls';
import { isIP, type AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import type { DropIn } from '../index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A drop-in directory of the test's own (`…/vitrine-emulator/drop-in`), removed after the file. */
export function dropInDirectory(): string {
  const root = mkdtempSync(join(tmpdir(), 'vitrine-drop-in-'));
  made.push(root);
  return join(root, 'vitrine-emulator', 'drop-in');
}

/** An answer read to its end. */
export interface TlsReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Options of {@link platformRequest}. */
export interface PlatformRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The `Host` header, when it should differ from the name the connection is made for. */
  hostHeader?: string;
}

/**
 * One request to the drop-in's listener for `host`, trusting the drop-in's authority for this
 * connection only, as the Node hook does.
 */
export function platformRequest(
  dropIn: DropIn,
  host: string,
  path: string,
  options: PlatformRequest = {},
): Promise<TlsReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: dropIn.port,
        servername: host,
        ca: dropIn.caCertificate,
        method: options.method ?? 'GET',
        path,
        headers: { host: options.hostHeader ?? host, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Sends raw bytes over TLS to the drop-in as `www.wixapis.com`; resolves with what came back. */
export function rawTls(dropIn: DropIn, data: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: '127.0.0.1',
      port: dropIn.port,
      servername: 'www.wixapis.com',
      ca: dropIn.caCertificate,
    });
    const chunks: Buffer[] = [];
    socket.on('secureConnect', () => socket.write(data));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      if (end >= 0 && Buffer.byteLength(text, 'latin1') >= end + 4 + length) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/**
 * Presents `certificateChain` on a TLS server of its own and connects to it as `servername`,
 * trusting `ca` only. Resolves with the client's verdict: `'trusted'`, or OpenSSL's reason.
 */
export async function handshake(
  certificateChain: string,
  key: string,
  servername: string,
  ca: string,
): Promise<string> {
  const server = createServer({ key, cert: certificateChain }, (socket) => socket.end());
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string>((resolve) => {
      // An address is no server name (RFC 6066; Node warns): 127.0.0.1, the host, is then checked.
      const sni = isIP(servername) ? {} : { servername };
      const socket = connect({ host: '127.0.0.1', port, ca, ...sni });
      socket.on('secureConnect', () => {
        socket.destroy();
        resolve('trusted');
      });
      // Node names these OpenSSL errors by message only (its code is `UNSPECIFIED`).
      socket.on('error', (error: Error) => resolve(error.message));
    });
  } finally {
    server.close();
  }
}
