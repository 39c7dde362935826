/**
 * A request body read from Node's `IncomingMessage`, with a hard size limit, and what becomes of
 * the rest of a body the emulator refuses.
 *
 * A body over the limit is answered 413 at once, but its sender is usually still sending. The
 * rest is read and dropped, so the sender finishes writing and reads the answer, and the
 * connection stays usable. Closing instead would reset the connection (a socket closed with
 * unread bytes sends RST), and a client still writing then sees ECONNRESET or EPIPE, not the 413.
 * Hono's own clean-up is off (`autoCleanupIncoming: false` in server.ts): it drops the rest for
 * 500 ms only, then closes; and a web stream made from the request, once cancelled, destroys the
 * socket before the answer leaves. What is dropped is bounded: {@link MAX_DISCARDED_BYTES} bytes,
 * then the connection is closed, and the server's request timeout (60 s) bounds the time.
 */
import type { IncomingMessage } from 'node:http';

/** Most bytes of a refused or unread body dropped after the answer before the connection closes. */
export const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

const discarding = new WeakSet<IncomingMessage>();

/**
 * Reads and drops what is left of `incoming`'s body, up to {@link MAX_DISCARDED_BYTES}; past
 * that, the connection is closed. Does nothing for a body already read or being dropped.
 */
export function discardRest(incoming: IncomingMessage): void {
  if (incoming.complete || incoming.destroyed || discarding.has(incoming)) return;
  discarding.add(incoming);
  let dropped = 0;
  incoming.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DISCARDED_BYTES) incoming.destroy();
  });
  incoming.on('error', () => undefined); // the client went away: nothing left to answer
  incoming.resume();
}

const bodies = new WeakMap<IncomingMessage, Promise<Buffer>>();

function readAll(incoming: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (finish: () => void) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      finish();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      settle(() => reject(tooLarge()));
      discardRest(incoming);
    };
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks)));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () =>
      settle(() => reject(new Error('The client closed the connection before the body ended')));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/**
 * The body of `incoming`, read once (a second call answers the same), refused with
 * `tooLarge()` past `limit` bytes, the rest then dropped ({@link discardRest}).
 */
export function readIncomingBody(
  incoming: IncomingMessage,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  let body = bodies.get(incoming);
  if (!body) {
    body = incoming.readableEnded
      ? Promise.resolve(Buffer.alloc(0))
      : readAll(incoming, limit, tooLarge);
    bodies.set(incoming, body);
  }
  return body;
}
