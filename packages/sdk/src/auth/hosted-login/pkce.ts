/**
 * PKCE (RFC 7636): code verifiers, their S256 challenge, and the random `state`.
 *
 * The challenge is computed with a small SHA-256 of its own rather than `crypto.subtle`, which
 * browsers only expose on https pages: a storefront served over plain http on a LAN address must
 * still be able to sign in. Randomness always comes from `crypto.getRandomValues` (or the
 * `random` option), never from `Math.random`.
 */
import { StoreArgumentError } from '../../errors/argument-error.js';
import { StoreAuthError } from '../errors.js';

/** Fills a byte array with cryptographically strong random values and returns it. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

/** Shortest PKCE verifier RFC 7636 allows, and the default length (spec §9). */
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
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += chars[a >> 2]! + chars[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    if (b !== undefined) out += chars[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    if (c !== undefined) out += chars[c & 63]!;
  }
  return out;
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4) of a byte array. */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);

  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15]!;
      const w2 = w[t - 2]!;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) >>> 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let t = 0; t < 64; t++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const temp1 = (hh + s1 + ch + K[t]! + w[t]!) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const temp2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + temp1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (temp1 + temp2) >>> 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}

function rotr(value: number, bits: number): number {
  return (value >>> bits) | (value << (32 - bits));
}
