/**
 * Raw HTTP for tests that send what `fetch` refuses to (oversized or malformed heads, bodies on
 * GET, hosts of other sites): one request on a fresh socket, read until the server closes it or
 * the answer is complete. A reset before an answer rejects, so tests can assert there was none.
 */
import { connect } from 'node:net';
import type { Emulator } from '../index.js';

/** A raw answer: status, lower-cased headers and the body as text. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(data: Buffer): RawReply | undefined {
  const text = data.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = data.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (Number.isFinite(length) && body.length < length) return undefined;
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: body.subarray(0, Number.isFinite(length) ? length : body.length).toString('utf8'),
  };
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body` on a new socket and
 * resolves with the answer.
 * @throws when the connection is reset or closed before a complete answer.
 */
export function rawRequest(
  emu: Emulator,
  head: string,
  body: string | Buffer = '',
): Promise<RawReply> {
  const { hostname, port } = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (reply: RawReply | undefined, error?: Error) => {
      if (done) return;
      done = true;
      socket.destroy();
      if (reply) resolve(reply);
      else reject(error ?? new Error('the connection closed before an answer'));
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const reply = parse(Buffer.concat(chunks));
      if (reply) finish(reply);
    });
    socket.on('error', (error) => finish(undefined, error));
    socket.on('close', () => finish(parse(Buffer.concat(chunks))));
    socket.on('connect', () => {
      // Written in pieces, like a client streaming a large head; errors surface as a reset.
      socket.write(`${head}\r\n\r\n`);
      if (body.length > 0) socket.write(body);
    });
  });
}

/** The `Host` header value of the emulator's own URL. */
export function ownHost(emu: Emulator): string {
  return new URL(emu.url).host;
}
