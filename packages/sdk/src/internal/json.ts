/**
 * Parses JSON from the network without ever throwing a `SyntaxError` and without letting a
 * `__proto__` key become a prototype later (when a caller spreads or assigns the result).
 *
 * @returns the parsed value, or `undefined` when `text` is empty or not JSON.
 */
export function parseJsonSafely(text: string): unknown {
  if (text === '') return undefined;
  try {
    // The reviver costs time on every key, so it runs only when the text could need it.
    return text.includes('"__proto__"') ? JSON.parse(text, dropProtoKeys) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function dropProtoKeys(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

/** `true` for a plain JSON object (not `null`, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
