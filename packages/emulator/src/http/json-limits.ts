/**
 * Limits every JSON document must meet before anything else reads it: nesting depth, and no
 * control characters in keys. Checked without recursion, so a body nested 10,000 deep costs a
 * loop, not a stack overflow (a `JSON.stringify` of it would throw).
 */
import { fieldError } from './errors.js';

/** Deepest nesting of objects and arrays accepted in a body or a `.r` parameter. */
export const MAX_JSON_DEPTH = 32;

function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Throws a 400 naming the first place where `value` is nested deeper than {@link MAX_JSON_DEPTH}.
 * @param root the field name reported for the document itself (`body`, `.r`).
 */
export function checkJsonLimits(value: unknown, root: string): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: node, depth, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw fieldError(
        path || root,
        `must be nested at most ${MAX_JSON_DEPTH} levels`,
        'VALIDATION',
      );
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) =>
        stack.push({ value: item, depth: depth + 1, path: child(path, i) }),
      );
    } else {
      for (const [key, item] of Object.entries(node))
        stack.push({ value: item, depth: depth + 1, path: child(path, key) });
    }
  }
}
