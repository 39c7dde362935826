/** PKCE (RFC 7636), S256 only: `plain` is refused wherever a method is given. */
import { createHash } from 'node:crypto';
import { safeEqual } from '../crypto/hash.js';

/** 43–128 characters of `[A-Za-z0-9-._~]` (RFC 7636 §4.1). */
export const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** A S256 challenge: base64url of a SHA-256, 43 characters. */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The S256 challenge of a verifier. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` answers `challenge`. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return safeEqual(s256(verifier), challenge);
}
