/**
 * The callback page's words for a hosted sign-in that came back without a member: the `?error=`
 * of the address is anyone's to write, so it picks a message and is never shown itself.
 */
import { describe, expect, it } from 'vitest';
import { signInReturnMessage } from '../sign-in-return.js';

describe('shared/sign-in-return', () => {
  describe('signInReturnMessage', () => {
    it('says nothing without an error', () => {
      expect(signInReturnMessage(undefined)).toBeUndefined();
      expect(signInReturnMessage('')).toBeUndefined();
    });

    it("words the proxy's and the hosted page's codes", () => {
      expect(signInReturnMessage('invalid_state')).toBe(
        'That sign-in link has expired or was already used: please sign in again.',
      );
      expect(signInReturnMessage('access_denied')).toBe('Signing in was cancelled.');
      expect(signInReturnMessage('store_unreachable')).toBe(
        'The store could not be reached: please try again in a moment.',
      );
    });

    it.each([
      '<script>alert(1)</script>',
      'Call 555-0100 to unlock your account',
      'https://evil.com',
      'constructor',
      '__proto__',
      'toString',
    ])('answers %j with the general message, never repeating it', (error) => {
      const message = signInReturnMessage(error);
      expect(message).toBe('You could not be signed in: please try again.');
    });
  });
});
