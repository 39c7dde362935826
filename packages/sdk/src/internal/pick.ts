/**
 * Copies the documented fields of a caller's object into a body. Only those go on the wire, so
 * a server that refuses unknown fields never sees extras the caller's object carries.
 */
export function pick<T extends object>(
  input: T,
  keys: readonly (keyof T & string)[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    const value = input[key];
    if (value !== undefined) body[key] = value;
  }
  return body;
}
