/**
 * Scrubbing secrets out of text: what every error that could quote one (an identity failure's
 * cause, a server's message) goes through. redact.ts has the rest of the redaction, which only
 * failed calls need.
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
 * A plain `Error` standing in for `error`: the same name, its message with every secret
 * scrubbed, and a stack of that line only (the original stack could quote a secret too).
 */
export function scrubbedCopy(error: object, secrets: readonly string[]): Error {
  const { name, message } = error as { name?: unknown; message?: unknown };
  const copy = new Error(scrubText(typeof message === 'string' ? message : '', secrets));
  copy.name = typeof name === 'string' ? name : 'Error';
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
