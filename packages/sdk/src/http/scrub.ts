/**
 * Scrubbing secrets out of text, and what an error may keep as its cause: what every error that
 * could quote a secret (a failed call's cause, an identity failure's, a server's message) goes
 * through. redact.ts has the rest of the redaction, which only failed calls need.
 */

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret in `text`. */
export function scrubText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/**
 * What an SDK error may keep as its `cause`, so that it never holds a secret: the error as it is,
 * for debugging, unless its message or stack, or those of its own causes, mention one of
 * `secrets` (a custom `fetch` quoting a header, a failure naming an address with a session
 * token), and then a scrubbed copy of it. The SDK's own errors never mention one, so they are
 * kept as they are. Anything else thrown (a string, a number) is not kept.
 */
export function safeCause(cause: unknown, secrets: readonly string[]): unknown {
  if (typeof cause !== 'object' || cause === null) return undefined;
  // Its message and stack, and those of its own causes, five deep.
  let text = '';
  for (
    let at = cause as Partial<Error> | undefined, depth = 5;
    at instanceof Object && depth-- > 0;
    at = at.cause as Partial<Error> | undefined
  ) {
    text += `${at.message}${at.stack}`;
  }
  if (!secrets.some((secret) => text.includes(secret))) return cause;
  // A plain `Error` in its place: the same name, its message scrubbed, a stack of that line only
  // (the original stack could quote a secret too), and none of its causes.
  const { name, message } = cause as Partial<Error>;
  const copy = new Error(scrubText(typeof message === 'string' ? message : '', secrets));
  copy.name = typeof name === 'string' ? name : 'Error';
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
