/** Random secrets and their hashes. */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** An opaque random token: `prefix` + 32 random bytes in base64url. */
export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** A random UUID. */
export function randomId(): string {
  return randomUUID();
}

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

/** A six-digit code from a uniform source (no modulo bias: 2^32 rejection sampling). */
export function randomDigits(count = 6): string {
  const limit = 10 ** count;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  for (;;) {
    const n = randomBytes(4).readUInt32BE(0);
    if (n < ceiling) return String(n % limit).padStart(count, '0');
  }
}
