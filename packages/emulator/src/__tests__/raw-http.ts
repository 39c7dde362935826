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

/** Every complete answer in `data`, in order (each delimited by its `Content-Length`). */
function parseAll(data: Buffer): RawReply[] {
  const replies: RawReply[] = [];
  let rest = data;
  for (;;) {
    const reply = parse(rest);
    const end = rest.indexOf('\r\n\r\n');
    if (!reply || end < 0 || reply.headers['content-length'] === undefined) {
      if (reply) replies.push(reply);
      return replies;
    }
    replies.push(reply);
    rest = rest.subarray(end + 4 + Number(reply.headers['content-length']));
    if (rest.length === 0) return replies;
  }
}

/** What {@link rawConversation} read: every answer, and the socket's error code if it failed. */
export interface RawConversation {
  replies: RawReply[];
  /** `ECONNRESET`, `EPIPE`…: the connection failed (a reset) before the server closed it. */
  error?: string;
}

/**
 * Writes `parts` in order on one new socket, as fast as the server reads them, and reads every
 * answer until the server closes the connection.
 */
export function rawConversation(
  emu: Emulator,
  parts: Iterable<string | Buffer>,
): Promise<RawConversation> {
  const { hostname, port } = new URL(emu.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => {
      const replies = parseAll(Buffer.concat(chunks));
      resolve(error === undefined ? { replies } : { replies, error });
    });
    const iterator = parts[Symbol.iterator]();
    const pump = () => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        if (socket.destroyed) return;
        if (!socket.write(next.value)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.on('connect', pump);
  });
}

/** A chunked body of `bytes` bytes in 64 KB chunks, framed for `Transfer-Encoding: chunked`. */
export function* chunkedBody(bytes: number): Generator<Buffer> {
  const piece = Buffer.alloc(64 * 1024, 'x');
  for (let sent = 0; sent < bytes; sent += piece.length) {
    const chunk = piece.subarray(0, Math.min(piece.length, bytes - sent));
    yield Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
  }
  yield Buffer.from('0\r\n\r\n');
}
