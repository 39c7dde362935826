/**
 * PKCE (RFC 7636): code verifiers, their S256 challenge, and the random `state`.
 *
 * The challenge is computed with a small SHA-256 of its own rather than `crypto.subtle`, which
 * browsers only expose on https pages: a storefront served over plain http on a LAN address must
 * still be able to sign in. Randomness always comes from `crypto.getRandomValues` (or the
 * `random` option), never from `Math.random`.
 */
import { StoreArgumentError } from '../../errors/argument-error.js';
import { StoreAuthError } from '../store-auth-error.js';

/** Fills a byte array with cryptographically strong random values and returns it. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

/** Shortest PKCE verifier RFC 7636 allows, and the default length. */
export const MIN_VERIFIER_LENGTH = 43;
/** Longest PKCE verifier RFC 7636 allows. */
export const MAX_VERIFIER_LENGTH = 128;

// RFC 7636 §4.1 "unreserved" characters: 66 of them.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// Bytes at or above this limit are thrown away: 256 is not a multiple of 66, and folding the
// rest with `%` would make the first 58 characters more likely (modulo bias).
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/**
 * The random source of the platform: `crypto.getRandomValues`, looked up when called.
 *
 * @throws {StoreAuthError} `NO_CRYPTO` when the runtime has no `crypto.getRandomValues`.
 */
export function defaultRandom(bytes: Uint8Array): Uint8Array {
  const cryptoObject = (globalThis as { crypto?: Crypto }).crypto;
  if (typeof cryptoObject?.getRandomValues !== 'function') {
    throw new StoreAuthError({
      code: 'NO_CRYPTO',
      message:
        'No secure random source: this runtime has no crypto.getRandomValues. Pass the `random` option.',
    });
  }
  return cryptoObject.getRandomValues(bytes);
}

/**
 * A random string of `length` characters of `[A-Za-z0-9-._~]`, each equally likely.
 *
 * @throws {StoreAuthError} `NO_CRYPTO` when no random source is available.
 */
export function randomString(length: number, random: RandomSource = defaultRandom): string {
  let result = '';
  while (result.length < length) {
    // getRandomValues gives at most 65536 bytes per call.
    const bytes = random(
      new Uint8Array(Math.min(4096, Math.max(16, (length - result.length) * 2))),
    );
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT) result += ALPHABET[byte % ALPHABET.length];
      if (result.length === length) break;
    }
  }
  return result;
}

/**
 * A new PKCE code verifier.
 *
 * @param length 43 to 128. @default 43
 * @example createCodeVerifier(); // 'Jh3_…' (43 characters)
 * @throws {StoreArgumentError} for a length outside 43–128.
 * @throws {StoreAuthError} `NO_CRYPTO` when no random source is available.
 */
export function createCodeVerifier(
  length: number = MIN_VERIFIER_LENGTH,
  random: RandomSource = defaultRandom,
): string {
  if (!Number.isInteger(length) || length < MIN_VERIFIER_LENGTH || length > MAX_VERIFIER_LENGTH) {
    throw new StoreArgumentError('length', 'must be a whole number from 43 to 128');
  }
  return randomString(length, random);
}

/** `true` for a string RFC 7636 accepts as a verifier. */
export function isValidCodeVerifier(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9\-._~]{43,128}$/.test(value);
}

/**
 * The S256 challenge of a verifier: base64url (no padding) of its SHA-256.
 *
 * @example
 * createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' (RFC 7636 Appendix B)
 * @throws {StoreArgumentError} when `verifier` is not a valid verifier.
 */
export function createCodeChallenge(verifier: string): string {
  if (!isValidCodeVerifier(verifier)) {
    throw new StoreArgumentError(
      'codeVerifier',
      'must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
    );
  }
  // The verifier alphabet is ASCII, so each character is one byte.
  const bytes = new Uint8Array(verifier.length);
  for (let i = 0; i < verifier.length; i++) bytes[i] = verifier.charCodeAt(i);
  return toBase64Url(sha256(bytes));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

// The round constants (the first 32 bits of the fractional parts of the cube roots of the first
// 64 primes) and the initial hash (of the square roots of the first 8), as FIPS 180-4 §4.2.2 and
// §5.3.3 define them: computed once, when first needed, rather than listed.
let constants: { k: Uint32Array; h: Uint32Array } | undefined;

function sha256Constants(): { k: Uint32Array; h: Uint32Array } {
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n++) {
    if (primes.every((prime) => n % prime !== 0)) primes.push(n);
  }
  const fraction = (root: number) => ((root - Math.floor(root)) * 2 ** 32) >>> 0;
  return {
    k: Uint32Array.from(primes, (prime) => fraction(Math.cbrt(prime))),
    h: Uint32Array.from(primes.slice(0, 8), (prime) => fraction(Math.sqrt(prime))),
  };
}

/** SHA-256 (FIPS 180-4) of a byte array. */
export function sha256(message: Uint8Array): Uint8Array {
  const { k, h: initial } = (constants ??= sha256Constants());
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);

  const h = Uint32Array.from(initial);
  const w = new Uint32Array(64);
  const rotr = (value: number, bits: number) => (value >>> bits) | (value << (32 - bits));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) {
        w[t] = view.getUint32(offset + t * 4);
      } else {
        const w15 = w[t - 15]!;
        const w2 = w[t - 2]!;
        const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
        const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
        w[t] = w[t - 16]! + s0 + w[t - 7]! + s1;
      }
    }
    // a…h, the eight working variables.
    const v = Uint32Array.from(h);
    for (let t = 0; t < 64; t++) {
      const [a, b, c, d, e, f, g, hh] = v as unknown as number[];
      const s1 = rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25);
      const choice = (e! & f!) ^ (~e! & g!);
      const temp1 = hh! + s1 + choice + k[t]! + w[t]!;
      const s0 = rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22);
      const majority = (a! & b!) ^ (a! & c!) ^ (b! & c!);
      v.copyWithin(1, 0, 7);
      v[4] = d! + temp1;
      v[0] = temp1 + s0 + majority;
    }
    for (let i = 0; i < 8; i++) h[i] = h[i]! + v[i]!;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}
