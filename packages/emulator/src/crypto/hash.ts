/** Hashes of secrets, and comparing secrets in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The key a secret is stored under: its SHA-256, base64url. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/**
 * A stable UUID-shaped id derived from `parts` (SHA-256, shaped as a version-5-like UUID): the
 * same parts give the same id on every start, so ids computed from records need no storage.
 * @example derivedId('option', productId, 'Size') // '3f1c…-…'
 */
export function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
