/**
 * Answers for requests refused before the app sees them, in the platform's error shape: heads
 * larger than Node parses (431 or 414), malformed HTTP (400), and requests the Node adapter
 * cannot turn into a `Request` (a missing or malformed `Host`). Node's own answers are an empty
 * 431 or 400 and a reset when the client is still sending; these keep reading what the client
 * sends until it has read the answer.
 */
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import type { ApiError } from './errors.js';
import { applicationError } from './errors.js';
import { HEAD_PARSE_LIMIT } from './request-limits.js';
import { randomId } from '../crypto/random.js';

/** Header carrying each response's request id. */
export const REQUEST_ID_HEADER = 'x-wix-request-id';

/** How long a refused connection is drained before it is closed for good. */
const LINGER_MS = 2000;

function badRequest(description: string): ApiError {
  return applicationError(400, 'BAD_REQUEST', description);
}

/**
 * The refusal of a Node parser error: 431 for a head over {@link HEAD_PARSE_LIMIT} (Node cannot
 * tell a long URL from long headers there; under the limit, request-limits.ts answers 414 or 431),
 * else 400.
 */
export function refusalOfParserError(error: { code?: string }): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return applicationError(
      431,
      'REQUEST_HEADER_FIELDS_TOO_LARGE',
      `The request head (URL and headers) is larger than ${HEAD_PARSE_LIMIT} bytes`,
    );
  }
  return badRequest('The request is not valid HTTP/1.1');
}

const handled = new WeakSet<Duplex>();

/**
 * The server's `clientError` listener: writes the refusal, then keeps reading (and discarding)
 * until the client closes, so it reads the answer instead of a reset.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (handled.has(socket)) return;
  handled.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refusal = refusalOfParserError(error);
  const body = JSON.stringify(refusal.body);
  socket.end(
    [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      `${REQUEST_ID_HEADER}: ${randomId()}`,
      '',
      body,
    ].join('\r\n'),
  );
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** The answer to a request the Node adapter refused (e.g. a missing or malformed `Host`). */
export function answerAdapterError(): Response {
  const refusal = badRequest('The request has no valid Host header or target');
  return new Response(JSON.stringify(refusal.body), {
    status: refusal.status,
    headers: { 'Content-Type': 'application/json', [REQUEST_ID_HEADER]: randomId() },
  });
}
