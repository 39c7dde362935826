// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createCodeChallenge, createCodeVerifier } from '../pkce.js';

// The same code runs in the browser build: no `crypto.subtle`, no Node Buffer.
describe('pkce in a browser (checklist E17)', () => {
  it('matches the RFC 7636 Appendix B vector', () => {
    expect(typeof window).toBe('object');
    expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('draws verifiers from the page crypto', () => {
    expect(createCodeVerifier()).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
  });
});
