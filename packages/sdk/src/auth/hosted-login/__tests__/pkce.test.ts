import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreArgumentError } from '../../../errors/argument-error.js';
import { StoreAuthError } from '../../store-auth-error.js';
import {
  createCodeChallenge,
  createCodeVerifier,
  defaultRandom,
  randomString,
  sha256,
} from '../pkce.js';
import { T0, clientOn, fakePlatform } from '../../__tests__/fake-platform.js';

const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pkce', () => {
  describe('createCodeChallenge (checklist E17)', () => {
    it('matches the RFC 7636 Appendix B vector', () => {
      expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
        'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      );
    });

    it('agrees with node:crypto on verifiers of every length', () => {
      for (let length = 43; length <= 128; length++) {
        const verifier = createCodeVerifier(length);
        const expected = createHash('sha256').update(verifier).digest('base64url');
        expect(createCodeChallenge(verifier)).toBe(expected);
      }
    });

    it('hashes inputs across block boundaries like node:crypto', () => {
      for (const size of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
        const bytes = new Uint8Array(size).map((_, i) => (i * 31) & 255);
        expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(
          createHash('sha256').update(bytes).digest('hex'),
        );
      }
    });

    it('refuses what is not a verifier', () => {
      expect(() => createCodeChallenge('short')).toThrow(StoreArgumentError);
      expect(() => createCodeChallenge('a'.repeat(129))).toThrow(StoreArgumentError);
      expect(() => createCodeChallenge(`${'a'.repeat(42)}+`)).toThrow(StoreArgumentError);
    });
  });

  describe('verifiers and states (checklist E18)', () => {
    it('are 43 characters by default, 43–128 on demand, of the allowed set, and unique', () => {
      const seen = new Set<string>();
      for (let i = 0; i < 500; i++) {
        const verifier = createCodeVerifier();
        expect(verifier).toMatch(VERIFIER_PATTERN);
        expect(verifier).toHaveLength(43);
        seen.add(verifier);
      }
      expect(seen.size).toBe(500);
      expect(createCodeVerifier(128)).toHaveLength(128);
      expect(() => createCodeVerifier(42)).toThrow(StoreArgumentError);
      expect(() => createCodeVerifier(129)).toThrow(StoreArgumentError);
    });

    it('OAuth data holds a verifier, its challenge and a state, all fresh each time', () => {
      const store = clientOn(fakePlatform(), { now: T0 });
      const a = store.auth.generateOAuthData('http://localhost:5173/callback', '/account');
      const b = store.auth.generateOAuthData('http://localhost:5173/callback');
      expect(a).toEqual({
        redirectUri: 'http://localhost:5173/callback',
        originalUri: '/account',
        codeVerifier: expect.stringMatching(VERIFIER_PATTERN),
        codeChallenge: createCodeChallenge(a.codeVerifier),
        state: expect.stringMatching(VERIFIER_PATTERN),
      });
      expect(b.codeVerifier).not.toBe(a.codeVerifier);
      expect(b.state).not.toBe(a.state);
      expect(() => store.auth.generateOAuthData('javascript:alert(1)')).toThrow(StoreArgumentError);
    });

    it('have no modulo bias: bytes above the last full multiple of 66 are thrown away', () => {
      // Bytes 198–255 would favour the first 58 characters; a source giving only those, then
      // one usable byte, must yield the character of that byte.
      let call = 0;
      const random = (bytes: Uint8Array) => {
        bytes.fill(call++ === 0 ? 250 : 25);
        return bytes;
      };
      expect(randomString(3, random)).toBe('ZZZ'); // 25 → 'Z'
      expect(call).toBe(2);
    });

    it('uses each character about equally often', () => {
      const counts = new Map<string, number>();
      const text = randomString(66 * 1500);
      for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
      expect(counts.size).toBe(66);
      for (const count of counts.values()) {
        expect(count).toBeGreaterThan(1500 * 0.8);
        expect(count).toBeLessThan(1500 * 1.2);
      }
    });

    it('use the injected random source', () => {
      const random = vi.fn((bytes: Uint8Array) => bytes.fill(0));
      const store = clientOn(fakePlatform(), { now: T0 }, { random });
      const data = store.auth.generateOAuthData('http://localhost:5173/callback');
      expect(data.codeVerifier).toBe('A'.repeat(43));
      expect(random).toHaveBeenCalled();
    });

    it('without crypto: a typed error, never Math.random', () => {
      const mathRandom = vi.spyOn(Math, 'random');
      vi.stubGlobal('crypto', undefined);
      expect(() => defaultRandom(new Uint8Array(4))).toThrow(StoreAuthError);
      const store = clientOn(fakePlatform(), { now: T0 });
      let thrown: unknown;
      try {
        store.auth.generateOAuthData('http://localhost:5173/callback');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ name: 'StoreAuthError', code: 'NO_CRYPTO' });
      expect(mathRandom).not.toHaveBeenCalled();
      mathRandom.mockRestore();
    });
  });

  describe('sha256', () => {
    it('matches node:crypto on empty, one-block, two-block and long messages', () => {
      const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
      const messages = [
        '',
        'abc',
        'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
        'x'.repeat(1000),
      ];
      for (const message of messages) {
        const bytes = new TextEncoder().encode(message);
        expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }
      expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      );
    });
  });
});
