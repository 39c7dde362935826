/**
 * A body read up to a cap: the SDK's bounded reads of text (a session endpoint's answer and
 * request, a webhook) stop as soon as the body passes its cap instead of holding whatever a peer
 * sends. The platform's answers are read the same way by http/bounded-fetch.ts's own loop (bytes,
 * in every page's first load, where calling this one cost 30 bytes gzipped over the size budget).
 */

/**
 * The text (UTF-8) of a request's or response's body, or `undefined` when its declared length or
 * the bytes that came pass `limit` (the body is cancelled, the rest is not read). No body reads
 * as `''`.
 */
export async function readTextAtMost(
  message: Request | Response,
  limit: number,
): Promise<string | undefined> {
  const { body } = message;
  if (Number(message.headers.get('content-length')) > limit) {
    await body?.cancel().catch(() => {});
    return undefined;
  }
  if (body === null) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
