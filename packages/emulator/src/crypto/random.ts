/** Random ids, opaque tokens and one-time codes, from the system's cryptographic source. */
import { randomBytes, randomUUID } from 'node:crypto';

/** An opaque random token: `prefix` + 32 random bytes in base64url. */
export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** A random UUID. */
export function randomId(): string {
  return randomUUID();
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
