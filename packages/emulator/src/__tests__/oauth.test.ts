import { describe, expect, it } from 'vitest';
import {
  REDIRECT_URI,
  TestClock,
  authSession,
  call,
  codeFor,
  member,
  pkce,
  register,
  start,
  visitor,
} from './helpers.js';

describe('oauth', () => {
  describe('POST /oauth2/token anonymous', () => {
    it('issues visitor tokens in the platform shape with the configured expiry and no-store', async () => {
      const emu = await start({ tokenTtlSeconds: 120 });
      const reply = await call(emu, 'POST', '/oauth2/token', {
        body: { clientId: emu.clientId, grantType: 'anonymous' },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.body.expires_in).toBe(120);
      expect(reply.body.access_token).toMatch(/^OauthNG\.JWS\.[\w-]+\.[\w-]+\.[\w-]{43}$/);
      expect(reply.body.refresh_token).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
      const cart = await call(emu, 'GET', '/ecom/v1/carts/current', {
        token: reply.body.access_token,
      });
      expect(cart.status).toBe(404);
    });

    it('gives 1000 concurrent grants 1000 distinct identities', async () => {
      const emu = await start();
      const replies = await Promise.all(
        Array.from({ length: 1000 }, () =>
          call(emu, 'POST', '/oauth2/token', {
            body: { clientId: emu.clientId, grantType: 'anonymous' },
          }),
        ),
      );
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect(new Set(replies.map((r) => r.body.access_token)).size).toBe(1000);
      const dump = emu.dumpState() as { counts: { families: number } };
      expect(dump.counts.families).toBe(1000);
    });

    it.each([
      ['an unknown client', { clientId: 'nope', grantType: 'anonymous' }, 401, 'invalid_client'],
      ['a missing client id', { grantType: 'anonymous' }, 400, 'invalid_request'],
      [
        'an unknown grant',
        { clientId: 'vitrine-local-client', grantType: 'password' },
        400,
        'unsupported_grant_type',
      ],
      ['a missing grant', { clientId: 'vitrine-local-client' }, 400, 'invalid_request'],
      ['a non-string field', { clientId: 123, grantType: 'anonymous' }, 400, 'invalid_request'],
      [
        'an unknown field',
        { clientId: 'vitrine-local-client', grantType: 'anonymous', admin: 'yes' },
        400,
        'invalid_request',
      ],
    ])('refuses %s', async (_name, body, status, error) => {
      const emu = await start();
      const reply = await call(emu, 'POST', '/oauth2/token', { body });
      expect(reply.status).toBe(status);
      expect(reply.body.error).toBe(error);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    });

    it('refuses bad JSON, a wrong content type and a 10 MB body with 4xx', async () => {
      const emu = await start();
      const bad = await call(emu, 'POST', '/oauth2/token', {
        raw: '{"clientId":',
        headers: { 'content-type': 'application/json' },
      });
      expect([bad.status, bad.body.error]).toEqual([400, 'invalid_request']);
      const type = await call(emu, 'POST', '/oauth2/token', {
        raw: 'clientId=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect([type.status, type.body.error]).toEqual([400, 'invalid_request']);
      const huge = await call(emu, 'POST', '/oauth2/token', {
        raw: 'x'.repeat(10 * 1024 * 1024),
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.status).toBe(400);
      expect(huge.body.error).toBe('invalid_request');
    });

    it('accepts a form-encoded body', async () => {
      const emu = await start();
      const reply = await call(emu, 'POST', '/oauth2/token', {
        raw: `client_id=${emu.clientId}&grant_type=anonymous`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(reply.status).toBe(200);
    });
  });

  describe('access tokens', () => {
    it('expire after the TTL on the injected clock', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now, tokenTtlSeconds: 60 });
      const { access_token } = await visitor(emu);
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: access_token })).status,
      ).toBe(200);
      clock.advance(60_000);
      const expired = await call(emu, 'GET', '/v2/collections/query', { token: access_token });
      expect(expired.status).toBe(401);
      expect(expired.body.details.applicationError.code).toBe('UNAUTHORIZED');
    });

    it('must be sent raw, without "Bearer "', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'GET', '/v2/collections/query', {
        token: `Bearer ${access_token}`,
      });
      expect(reply.status).toBe(401);
      expect(reply.body.details.applicationError.description).toContain('without "Bearer "');
      expect((await call(emu, 'GET', '/v2/collections/query')).status).toBe(401);
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: 'at_made_up' })).status,
      ).toBe(401);
    });
  });

  describe('POST /oauth2/token refresh_token', () => {
    it('rotates strictly with no grace: the old one is refused and revokes the family', async () => {
      const emu = await start({ refreshReuseGraceSeconds: 0 });
      const first = await visitor(emu);
      const second = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'refresh_token',
          refreshToken: first.refresh_token,
        },
      });
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.refresh_token);
      // The rotated token again: reuse, so the whole family dies.
      const reuse = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'refresh_token',
          refreshToken: first.refresh_token,
        },
      });
      expect([reuse.status, reuse.body.error]).toEqual([400, 'invalid_grant']);
      const afterReuse = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'refresh_token',
          refreshToken: second.body.refresh_token,
        },
      });
      expect(afterReuse.body.error).toBe('invalid_grant');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: second.body.access_token }))
          .status,
      ).toBe(401);
    });

    it('keeps the identity across a refresh', async () => {
      const emu = await start();
      const first = await visitor(emu);
      const product = (
        await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
          token: first.access_token,
          body: { query: { filter: { manageVariants: false } } },
        })
      ).body.products[0];
      await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: first.access_token,
        body: {
          lineItems: [
            {
              catalogReference: {
                catalogItemId: product.id,
                appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
              },
              quantity: 1,
            },
          ],
        },
      });
      const next = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'refresh_token',
          refreshToken: first.refresh_token,
        },
      });
      const cart = await call(emu, 'GET', '/ecom/v1/carts/current', {
        token: next.body.access_token,
      });
      expect(cart.body.cart.lineItems).toHaveLength(1);
    });

    it('refuses unknown tokens, another client and a missing token', async () => {
      const emu = await start({
        clients: [
          { clientId: 'a', redirectUris: [REDIRECT_URI] },
          { clientId: 'b', redirectUris: [REDIRECT_URI] },
        ],
      });
      const tokens = (
        await call(emu, 'POST', '/oauth2/token', {
          body: { clientId: 'a', grantType: 'anonymous' },
        })
      ).body;
      const other = await call(emu, 'POST', '/oauth2/token', {
        body: { clientId: 'b', grantType: 'refresh_token', refreshToken: tokens.refresh_token },
      });
      expect(other.body.error).toBe('invalid_grant');
      const unknown = await call(emu, 'POST', '/oauth2/token', {
        body: { grantType: 'refresh_token', refreshToken: 'rt_nope' },
      });
      expect(unknown.body.error).toBe('invalid_grant');
      const missing = await call(emu, 'POST', '/oauth2/token', {
        body: { grantType: 'refresh_token' },
      });
      expect(missing.body.error).toBe('invalid_request');
    });

    it('is dead after logout', async () => {
      const emu = await start();
      const tokens = await member(emu, 'logout@example.com');
      const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: tokens.access_token,
        body: {
          logout: { clientId: emu.clientId },
          callbacks: { postFlowUrl: 'http://localhost:5173/' },
        },
      });
      expect(session.status).toBe(200);
      const refresh = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'refresh_token',
          refreshToken: tokens.refresh_token,
        },
      });
      expect(refresh.body.error).toBe('invalid_grant');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: tokens.access_token })).status,
      ).toBe(401);
    });
  });

  describe('POST /oauth2/token authorization_code', () => {
    const exchange = (emu: Awaited<ReturnType<typeof start>>, body: Record<string, unknown>) =>
      call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'authorization_code',
          redirectUri: REDIRECT_URI,
          ...body,
        },
      });

    it('exchanges a code with the right verifier for member tokens', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'code@example.com');
      const { verifier, challenge } = pkce();
      const code = await codeFor(emu, sessionToken!, challenge);
      const reply = await exchange(emu, { code, codeVerifier: verifier });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const change = await call(emu, 'POST', '/_api/iam/authentication/v2/change-password', {
        token: reply.body.access_token,
        body: { newPassword: 'another-pass' },
      });
      expect(change.status).toBe(200);
    });

    it('refuses a wrong verifier', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'wrong@example.com');
      const code = await codeFor(emu, sessionToken!, pkce().challenge);
      const reply = await exchange(emu, { code, codeVerifier: pkce().verifier });
      expect([reply.status, reply.body.error]).toEqual([400, 'invalid_grant']);
    });

    it('refuses a missing verifier', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'missing@example.com');
      const code = await codeFor(emu, sessionToken!, pkce().challenge);
      const reply = await exchange(emu, { code });
      expect(reply.body.error).toBe('invalid_grant');
      expect(reply.body.error_description).toContain('codeVerifier');
    });

    it('refuses a malformed verifier', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'short@example.com');
      const code = await codeFor(emu, sessionToken!, pkce().challenge);
      expect((await exchange(emu, { code, codeVerifier: 'too-short' })).body.error).toBe(
        'invalid_grant',
      );
    });

    it('refuses a reused code and revokes the tokens of its first exchange', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'reuse@example.com');
      const { verifier, challenge } = pkce();
      const code = await codeFor(emu, sessionToken!, challenge);
      const first = await exchange(emu, { code, codeVerifier: verifier });
      expect(first.status).toBe(200);
      const second = await exchange(emu, { code, codeVerifier: verifier });
      expect(second.body.error).toBe('invalid_grant');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: first.body.access_token }))
          .status,
      ).toBe(401);
    });

    it('refuses a code for another client', async () => {
      const emu = await start({
        clients: [
          { clientId: 'vitrine-local-client', redirectUris: [REDIRECT_URI] },
          { clientId: 'other', redirectUris: [REDIRECT_URI] },
        ],
      });
      const { sessionToken } = await register(emu, 'client@example.com');
      const { verifier, challenge } = pkce();
      const code = await codeFor(emu, sessionToken!, challenge);
      const reply = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: 'other',
          grantType: 'authorization_code',
          redirectUri: REDIRECT_URI,
          code,
          codeVerifier: verifier,
        },
      });
      expect(reply.body.error).toBe('invalid_grant');
      expect(reply.body.error_description).toContain('another client');
    });

    it('refuses a code for another redirect URI', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'uri@example.com');
      const { verifier, challenge } = pkce();
      const code = await codeFor(emu, sessionToken!, challenge);
      const reply = await exchange(emu, {
        code,
        codeVerifier: verifier,
        redirectUri: 'http://127.0.0.1:5173/callback',
      });
      expect(reply.body.error).toBe('invalid_grant');
      expect(reply.body.error_description).toContain('redirect URI');
    });

    it('refuses an expired code (60 s)', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const { sessionToken } = await register(emu, 'expired@example.com');
      const { verifier, challenge } = pkce();
      const code = await codeFor(emu, sessionToken!, challenge);
      clock.advance(60_001);
      const reply = await exchange(emu, { code, codeVerifier: verifier });
      expect(reply.body.error).toBe('invalid_grant');
      expect(reply.body.error_description).toContain('expired');
    });

    it('refuses an unknown code', async () => {
      const emu = await start();
      expect(
        (await exchange(emu, { code: 'ac_nope', codeVerifier: pkce().verifier })).body.error,
      ).toBe('invalid_grant');
    });

    it('refuses plain and other methods when the flow starts', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const { verifier } = pkce();
      const reply = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: {
          auth: {
            authRequest: {
              redirectUri: REDIRECT_URI,
              clientId: emu.clientId,
              codeChallenge: verifier,
              codeChallengeMethod: 'plain',
              responseType: 'code',
              state: 's',
            },
          },
        },
      });
      expect(reply.status).toBe(400);
      expect(
        reply.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toContain('auth.authRequest.codeChallengeMethod');
      const bad = await authSession(emu, access_token, { challenge: 'not-a-challenge' });
      expect(bad.body.details.validationError.fieldViolations[0].field).toBe(
        'auth.authRequest.codeChallenge',
      );
    });
  });

  describe('POST /oauth2/token authorized_client', () => {
    it('issues member tokens for an API key and a member id', async () => {
      const emu = await start();
      const { memberId } = await register(emu, 'external@example.com');
      const app = await visitor(emu);
      const reply = await call(emu, 'POST', '/oauth2/token', {
        headers: { authorization: `${app.access_token},${emu.apiKey}` },
        body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
      });
      expect(reply.status).toBe(200);
      const change = await call(emu, 'POST', '/_api/iam/authentication/v2/change-password', {
        token: reply.body.access_token,
        body: { newPassword: 'new-pass' },
      });
      expect(change.status).toBe(200);
    });

    it('refuses a wrong API key, a missing header, a bad scope and an unknown member', async () => {
      const emu = await start();
      const { memberId } = await register(emu, 'ext2@example.com');
      const app = await visitor(emu);
      const body = {
        grant_type: 'authorized_client',
        scope: 'offline_access',
        member_id: memberId,
      };
      const wrongKey = await call(emu, 'POST', '/oauth2/token', {
        headers: { authorization: `${app.access_token},nope` },
        body,
      });
      expect([wrongKey.status, wrongKey.body.error]).toEqual([401, 'invalid_client']);
      const noHeader = await call(emu, 'POST', '/oauth2/token', { body });
      expect(noHeader.body.error).toBe('invalid_client');
      const badToken = await call(emu, 'POST', '/oauth2/token', {
        headers: { authorization: `at_nope,${emu.apiKey}` },
        body,
      });
      expect(badToken.body.error).toBe('invalid_client');
      const scope = await call(emu, 'POST', '/oauth2/token', {
        headers: { authorization: `${app.access_token},${emu.apiKey}` },
        body: { ...body, scope: 'admin' },
      });
      expect(scope.body.error).toBe('invalid_request');
      const unknown = await call(emu, 'POST', '/oauth2/token', {
        headers: { authorization: `${app.access_token},${emu.apiKey}` },
        body: { ...body, member_id: 'nobody' },
      });
      expect(unknown.body.error).toBe('invalid_grant');
    });
  });
});
