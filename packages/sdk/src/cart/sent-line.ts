/**
 * A cart line as the platform takes it, on either cart API: what a page shows of the line until
 * the store answers (`preview`, which `storefrontLineItem` and the cart store carry) is never sent.
 */
export function withoutPreview<T extends object>(line: T): Omit<T, 'preview'> {
  const { preview: _shown, ...sent } = line as T & { preview?: unknown };
  return sent;
}
