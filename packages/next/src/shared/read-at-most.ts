/**
 * Bodies read up to a cap, for every bounded read of the package on the shop's server: a cache
 * entry's stream, a webhook's request, a page the no-script proxy finishes. Past the cap the
 * stream is cancelled and nothing of it is kept; a stream that fails midway gives nothing either
 * (a partial body is never used).
 */

/** The bytes of `stream`, or `undefined` past `limit` bytes or when the stream fails. */
export async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Buffer | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks, size);
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  } finally {
    reader.releaseLock();
  }
}

/**
 * The text (UTF-8) of a request's or response's body, or `undefined` when its declared length or
 * what came passes `limit`, or the body fails midway. Read here once: cancelling a clone's body
 * waits for the original's, which no one would read (the request would hang).
 */
export async function readTextAtMost(
  message: Request | Response,
  limit: number,
): Promise<string | undefined> {
  if (Number(message.headers.get('content-length') ?? 0) > limit) {
    await message.body?.cancel().catch(() => {});
    return undefined;
  }
  if (message.body === null) return '';
  return (await readAtMost(message.body, limit))?.toString('utf8');
}

/**
 * Whether `stream` holds more than `limit` bytes (or fails midway), read only that far and
 * nothing kept. For a copy of a body (`request.clone().body`, a branch of a tee): its cancel is
 * not awaited, since it waits for the other branch, which may not be read yet.
 */
export async function holdsMoreThan(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<boolean> {
  const reader = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      size += value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => {});
        return true;
      }
    }
  } catch {
    return true;
  } finally {
    reader.releaseLock();
  }
}
