import { describe, expect, it } from 'vitest';
import { StoreAuthError } from '../../auth/store-auth-error.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { oauthErrorCode, oauthErrorOf } from '../errors/oauth-error.js';
import { toStoreError } from '../errors/to-store-error.js';
import { REDACTED, safeCause } from '../scrub.js';

const SECRET = 'rt_0123456789abcdef';
const request = { method: 'POST', url: 'https://www.wixapis.com/oauth2/token' };

describe('scrub', () => {
  describe('safeCause', () => {
    it('keeps an error that mentions no secret as it is, for debugging', () => {
      const failure = new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
      expect(safeCause(failure, [SECRET])).toBe(failure);
    });

    it('keeps a scrubbed copy of an error whose message, stack or own cause quotes a secret', () => {
      for (const failure of [
        new TypeError(`fetch failed with ${SECRET}`),
        Object.assign(new TypeError('fetch failed'), { stack: `at send (${SECRET})` }),
        new TypeError('fetch failed', { cause: new Error(`socket ${SECRET}`) }),
      ]) {
        const kept = safeCause(failure, [SECRET]) as Error;
        expect(kept).not.toBe(failure);
        expect(kept).toMatchObject({ name: 'TypeError' });
        expect(`${kept.message} ${kept.stack} ${String(kept.cause)}`).not.toContain(SECRET);
      }
      expect((safeCause(new TypeError(`with ${SECRET}`), [SECRET]) as Error).message).toBe(
        `with ${REDACTED}`,
      );
    });

    it('keeps the SDK’s own errors as they are, and nothing of a thrown string', () => {
      const own = new StoreArgumentError('lineItems', 'must be an array');
      expect(safeCause(own, [SECRET])).toBe(own);
      expect(safeCause(SECRET, [SECRET])).toBeUndefined();
      expect(safeCause(undefined, [])).toBeUndefined();
    });

    // One rule for both: a failed call's cause and an identity failure's.
    it('is the rule of StoreAuthError’s cause too', () => {
      const plain = new TypeError('frame closed');
      expect(
        new StoreAuthError({ code: 'MEMBER_TOKENS_FAILED', message: 'x', cause: plain }).cause,
      ).toBe(plain);
      const quoting = new TypeError(`frame at /callback?code=${SECRET}`);
      const error = new StoreAuthError({
        code: 'MEMBER_TOKENS_FAILED',
        message: 'Failed to get member tokens',
        cause: quoting,
        secrets: [SECRET],
      });
      expect(String((error.cause as Error).message)).not.toContain(SECRET);
    });
  });

  describe('oauth-error', () => {
    it('reads back the OAuth code the error mapping kept of a refused grant', () => {
      const refused = toStoreError(
        {
          kind: 'response',
          status: 400,
          statusText: 'Bad Request',
          requestId: undefined,
          body: { error: 'invalid_grant', error_description: `refresh token ${SECRET} is dead` },
        },
        { request, secrets: [SECRET] },
      );
      expect(oauthErrorOf(refused)).toBe('invalid_grant');
      expect(JSON.stringify(refused.details)).not.toContain(SECRET);
    });

    it('shows nothing that does not look like an OAuth code', () => {
      expect(oauthErrorCode('login_required')).toBe('login_required');
      for (const value of ['<script>', 'Login Required', '', 'x'.repeat(65), 42, undefined]) {
        expect(oauthErrorCode(value)).toBeUndefined();
      }
      expect(oauthErrorOf(new Error('invalid_grant'))).toBeUndefined();
    });
  });
});
