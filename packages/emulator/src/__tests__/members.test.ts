/**
 * `GET /members/v1/members/my`: the signed-in member, as the platform's Members API answers it
 * (the official client's `members.getCurrentMember({ fieldsets })`), cut to the fieldset asked
 * for. A member reads only their own record; a visitor is not a member (404 `NOT_FOUND`, the
 * call's documented error); the API key acts for no one (403); no credential 401.
 */
import { describe, expect, it } from 'vitest';
import { REDIRECT_URI, call, codeFor, member, pkce, start, visitor } from './helpers.js';

const MY = '/members/v1/members/my';

describe('members', () => {
  describe('GET /members/v1/members/my', () => {
    it('answers the PUBLIC fieldset by default, with its statuses UNKNOWN', async () => {
      const emu = await start();
      const ada = await member(emu, 'ada.lovelace@example.com');
      const reply = await call(emu, 'GET', MY, { token: ada.access_token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        member: {
          id: ada.memberId,
          contactId: ada.memberId,
          status: 'UNKNOWN',
          privacyStatus: 'UNKNOWN',
          activityStatus: 'UNKNOWN',
          profile: { nickname: 'ada.lovelace', slug: 'ada-lovelace' },
          createdDate: expect.any(String),
          updatedDate: expect.any(String),
        },
      });
      expect(reply.body.member).not.toHaveProperty('loginEmail');
    });

    it('adds the login email and statuses for EXTENDED, and the contact for FULL', async () => {
      const emu = await start();
      const { access_token: token } = await visitor(emu);
      const registered = await call(emu, 'POST', '/_api/iam/authentication/v2/register', {
        token,
        body: {
          loginId: { email: 'grace@example.com' },
          password: 'pass-word-1',
          profile: {
            firstName: 'Grace',
            lastName: 'Hopper',
            phones: [{ tag: 'MOBILE', phone: '+1 555 0100' }],
            addresses: [{ tag: 'HOME', address: { city: 'Arlington', country: 'US' } }],
            company: 'Navy',
          },
        },
      });
      expect(registered.status).toBe(200);
      const grace = await signIn(emu, registered.body.sessionToken);

      const extended = await call(emu, 'GET', `${MY}?fieldsets=EXTENDED`, { token: grace });
      expect(extended.body.member).toMatchObject({
        loginEmail: 'grace@example.com',
        status: 'APPROVED',
        privacyStatus: 'PRIVATE',
        activityStatus: 'ACTIVE',
        profile: { nickname: 'Grace Hopper', slug: 'grace-hopper' },
      });
      expect(extended.body.member).not.toHaveProperty('contact');

      const full = await call(emu, 'GET', `${MY}?fieldsets=PUBLIC&fieldsets=FULL`, {
        token: grace,
      });
      expect(full.body.member).toMatchObject({
        loginEmail: 'grace@example.com',
        loginEmailVerified: true,
        contact: {
          firstName: 'Grace',
          lastName: 'Hopper',
          phones: ['+1 555 0100'],
          emails: ['grace@example.com'],
          addresses: [{ city: 'Arlington', country: 'US' }],
          company: 'Navy',
        },
      });
    });

    it("reads the caller's own record only: two members, two answers", async () => {
      const emu = await start();
      const one = await member(emu, 'one@example.com');
      const two = await member(emu, 'two@example.com');
      const first = await call(emu, 'GET', `${MY}?fieldsets=FULL`, { token: one.access_token });
      const second = await call(emu, 'GET', `${MY}?fieldsets=FULL`, { token: two.access_token });
      expect([first.body.member.id, first.body.member.loginEmail]).toEqual([
        one.memberId,
        'one@example.com',
      ]);
      expect([second.body.member.id, second.body.member.loginEmail]).toEqual([
        two.memberId,
        'two@example.com',
      ]);
    });

    it('answers a visitor 404 NOT_FOUND, the API key 403 and no credential 401', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const cases = [
        [access_token, 404, 'NOT_FOUND'],
        [emu.apiKey, 403, 'PERMISSION_DENIED'],
        [undefined, 401, 'UNAUTHORIZED'],
      ] as const;
      for (const [token, status, code] of cases) {
        const reply = await call(emu, 'GET', MY, { token });
        expect([reply.status, reply.body.details.applicationError.code]).toEqual([status, code]);
      }
    });

    it('refuses an unknown fieldset or parameter with 400 naming it', async () => {
      const emu = await start();
      const ada = await member(emu, 'fields@example.com');
      for (const [query, field] of [
        ['fieldsets=EVERYTHING', 'fieldsets'],
        ['fieldsets=PUBLIC&fieldsets=FULL&fieldsets=EXTENDED&fieldsets=FULL', 'fieldsets'],
        ['id=someone-else', 'id'],
      ]) {
        const reply = await call(emu, 'GET', `${MY}?${query}`, { token: ada.access_token });
        expect(reply.status).toBe(400);
        expect(reply.body.details.validationError.fieldViolations[0].field).toBe(field);
      }
    });
  });
});

/** Member tokens from a registration's session token (prompt=none, code exchange). */
async function signIn(
  emu: Awaited<ReturnType<typeof start>>,
  sessionToken: string,
): Promise<string> {
  const { verifier, challenge } = pkce();
  const code = await codeFor(emu, sessionToken, challenge);
  const reply = await call(emu, 'POST', '/oauth2/token', {
    body: {
      clientId: emu.clientId,
      grantType: 'authorization_code',
      redirectUri: REDIRECT_URI,
      code,
      codeVerifier: verifier,
    },
  });
  return reply.body.access_token as string;
}
