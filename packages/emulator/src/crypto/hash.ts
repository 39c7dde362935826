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
