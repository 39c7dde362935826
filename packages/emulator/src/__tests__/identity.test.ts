import { describe, expect, it } from 'vitest';
import { VALID_CAPTCHA_TOKEN } from '../index.js';
import { TestClock, call, member, register, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';

const AUTH = '/_api/iam/authentication';
type Emu = Awaited<ReturnType<typeof start>>;

async function post(emu: Emu, path: string, body: unknown, token?: string) {
  return call(emu, 'POST', path, { token: token ?? (await visitor(emu)).access_token, body });
}

function appCode(reply: { body: Json }): string {
  return reply.body.details.applicationError.code;
}

describe('identity', () => {
  describe('POST v2/register', () => {
    it('creates an active member and answers SUCCESS with a session token, never the password', async () => {
      const emu = await start();
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'Ada@Example.com' },
        password: 'secret-pass',
        profile: { firstName: 'Ada' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.state).toBe('SUCCESS');
      expect(reply.body.sessionToken).toMatch(/^st_/);
      expect(reply.body.identity).toMatchObject({
        email: { address: 'ada@example.com', isVerified: true },
        status: { name: 'ACTIVE' },
        identityProfile: { firstName: 'Ada' },
      });
      expect(reply.text).not.toContain('secret-pass');
    });

    it('answers an EMAIL field violation for an invalid email', async () => {
      const emu = await start();
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'not-an-email' },
        password: 'secret-pass',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'loginId.email',
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      });
    });

    it('answers -19995 when the email exists', async () => {
      const emu = await start();
      await register(emu, 'taken@example.com');
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'TAKEN@example.com' },
        password: 'secret-pass',
      });
      expect([reply.status, appCode(reply)]).toEqual([400, '-19995']);
    });

    it('requires a captcha in captcha mode: -19971 missing, -19970 invalid, accepted when valid', async () => {
      const emu = await start({ modes: { captchaRequired: true } });
      const body = { loginId: { email: 'cap@example.com' }, password: 'secret-pass' };
      expect(appCode(await post(emu, `${AUTH}/v2/register`, body))).toBe('-19971');
      expect(
        appCode(
          await post(emu, `${AUTH}/v2/register`, {
            ...body,
            captchaTokens: [{ Recaptcha: 'bad' }],
          }),
        ),
      ).toBe('-19970');
      const ok = await post(emu, `${AUTH}/v2/register`, {
        ...body,
        captchaTokens: [{ InvisibleRecaptcha: VALID_CAPTCHA_TOKEN }],
      });
      expect(ok.body.state).toBe('SUCCESS');
      expect(
        appCode(
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'cap@example.com' },
            password: 'secret-pass',
          }),
        ),
      ).toBe('-19971');
      expect(
        appCode(
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'cap@example.com' },
            password: 'secret-pass',
            captchaTokens: [{ Recaptcha: 'x' }],
          }),
        ),
      ).toBe('-19970');
    });

    it('requires email verification in that mode, with a code from the outbox', async () => {
      const emu = await start({ modes: { emailVerification: true } });
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'verify@example.com' },
        password: 'secret-pass',
      });
      expect(reply.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      expect(reply.body.sessionToken).toBeUndefined();
      const mail = emu.outbox.latest({ to: 'verify@example.com', kind: 'verification' });
      expect(mail?.code).toMatch(/^\d{6}$/);
      const verified = await post(emu, '/_api/iam/verification/v1/auth/verify', {
        code: mail!.code,
        stateToken: reply.body.stateToken,
      });
      expect(verified.body.state).toBe('SUCCESS');
      expect(verified.body.identity.email.isVerified).toBe(true);
      // Single use.
      const again = await post(emu, '/_api/iam/verification/v1/auth/verify', {
        code: mail!.code,
        stateToken: reply.body.stateToken,
      });
      expect(appCode(again)).toBe('INVALID_STATE_TOKEN');
    });

    it('waits for owner approval in that mode; proceed succeeds once approved', async () => {
      const emu = await start({ modes: { ownerApproval: true } });
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'owner@example.com' },
        password: 'secret-pass',
      });
      expect(reply.body.state).toBe('REQUIRE_OWNER_APPROVAL');
      expect(reply.body.identity.status).toEqual({
        name: 'PENDING',
        reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'],
      });
      const pending = await post(emu, `${AUTH}/v1/state/proceed`, {
        stateToken: reply.body.stateToken,
      });
      expect(pending.body.state).toBe('REQUIRE_OWNER_APPROVAL');
      expect(await emu.approveMember('owner@example.com')).toBe(true);
      const done = await post(emu, `${AUTH}/v1/state/proceed`, {
        stateToken: reply.body.stateToken,
      });
      expect(done.body.state).toBe('SUCCESS');
      expect(
        appCode(await post(emu, `${AUTH}/v1/state/proceed`, { stateToken: reply.body.stateToken })),
      ).toBe('INVALID_STATE_TOKEN');
    });

    it('switches modes at run time', async () => {
      const emu = await start();
      await emu.setModes({ ownerApproval: true });
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'later@example.com' },
        password: 'secret-pass',
      });
      expect(reply.body.state).toBe('REQUIRE_OWNER_APPROVAL');
    });
  });

  describe('POST v2/login', () => {
    it('answers SUCCESS for the right password', async () => {
      const emu = await start();
      await register(emu, 'login@example.com', 'right-pass');
      const reply = await post(emu, `${AUTH}/v2/login`, {
        loginId: { email: 'login@example.com' },
        password: 'right-pass',
      });
      expect(reply.body.state).toBe('SUCCESS');
      expect(reply.text).not.toContain('right-pass');
    });

    it('answers -19976 for a wrong password, MEMBER_NOT_FOUND for an unknown email, -19973 when a reset is required', async () => {
      const emu = await start();
      await register(emu, 'codes@example.com', 'right-pass');
      const wrong = await post(emu, `${AUTH}/v2/login`, {
        loginId: { email: 'codes@example.com' },
        password: 'wrong-pass',
      });
      expect([wrong.status, appCode(wrong)]).toEqual([400, '-19976']);
      expect(wrong.text).not.toContain('wrong-pass');
      expect(
        appCode(
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'ghost@example.com' },
            password: 'x',
          }),
        ),
      ).toBe('MEMBER_NOT_FOUND');
      await emu.requirePasswordReset('codes@example.com');
      expect(
        appCode(
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'codes@example.com' },
            password: 'right-pass',
          }),
        ),
      ).toBe('-19973');
    });

    it('asks an unverified member for a new code when verification is on', async () => {
      const emu = await start({ modes: { emailVerification: true } });
      await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'later@example.com' },
        password: 'secret-pass',
      });
      const reply = await post(emu, `${AUTH}/v2/login`, {
        loginId: { email: 'later@example.com' },
        password: 'secret-pass',
      });
      expect(reply.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      expect(emu.outbox.list({ to: 'later@example.com', kind: 'verification' })).toHaveLength(2);
    });
  });

  describe('v1 register and login', () => {
    it('register with identity and inputs, then login with identifier', async () => {
      const emu = await start();
      const reg = await post(emu, `${AUTH}/v1/register`, {
        identity: { email: { address: 'v1@example.com' } },
        authenticatorId: 'password',
        inputs: [{ name: 'password', value: 'v1-pass' }],
      });
      expect(reg.body.state).toBe('SUCCESS');
      const login = await post(emu, `${AUTH}/v1/login`, {
        identifier: { email: 'v1@example.com' },
        authenticatorId: 'password',
        inputs: { password: 'v1-pass' },
      });
      expect(login.body.state).toBe('SUCCESS');
      const wrong = await post(emu, `${AUTH}/v1/login`, {
        identifier: { email: 'v1@example.com' },
        inputs: { password: 'nope-nope' },
      });
      expect(appCode(wrong)).toBe('-19976');
      const missing = await post(emu, `${AUTH}/v1/login`, {
        identifier: { email: 'v1@example.com' },
        inputs: {},
      });
      expect(missing.body.details.validationError.fieldViolations[0].field).toBe('inputs.password');
    });
  });

  describe('verification', () => {
    it('kills the state token after 3 wrong codes', async () => {
      const emu = await start({ modes: { emailVerification: true } });
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'tries@example.com' },
        password: 'secret-pass',
      });
      const code = emu.outbox.latest({ to: 'tries@example.com' })!.code!;
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i += 1) {
        expect(
          appCode(
            await post(emu, '/_api/iam/verification/v1/auth/verify', {
              code: wrongCode,
              stateToken: reply.body.stateToken,
            }),
          ),
        ).toBe('INVALID_VERIFICATION_CODE');
      }
      expect(
        appCode(
          await post(emu, '/_api/iam/verification/v1/auth/verify', {
            code,
            stateToken: reply.body.stateToken,
          }),
        ),
      ).toBe('INVALID_STATE_TOKEN');
    });

    it('expires codes and state tokens on the clock; resend sends a new code', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now, modes: { emailVerification: true } });
      const reply = await post(emu, `${AUTH}/v2/register`, {
        loginId: { email: 'late@example.com' },
        password: 'secret-pass',
      });
      const first = emu.outbox.latest({ to: 'late@example.com' })!.code!;
      clock.advance(10 * 60_000 + 1);
      expect(
        appCode(
          await post(emu, '/_api/iam/verification/v1/auth/verify', {
            code: first,
            stateToken: reply.body.stateToken,
          }),
        ),
      ).toBe('INVALID_VERIFICATION_CODE');
      expect(
        (
          await post(emu, '/_api/iam/verification/v1/auth/resend', {
            stateToken: reply.body.stateToken,
          })
        ).status,
      ).toBe(200);
      const second = emu.outbox.latest({ to: 'late@example.com' })!.code!;
      expect(
        (
          await post(emu, '/_api/iam/verification/v1/auth/verify', {
            code: second,
            stateToken: reply.body.stateToken,
          })
        ).body.state,
      ).toBe('SUCCESS');
      clock.advance(31 * 60_000);
      expect(
        appCode(
          await post(emu, '/_api/iam/verification/v1/auth/resend', {
            stateToken: reply.body.stateToken,
          }),
        ),
      ).toBe('INVALID_STATE_TOKEN');
    });

    it('start mails a code for an identity', async () => {
      const emu = await start();
      const { memberId } = await register(emu, 'start@example.com');
      const reply = await post(emu, '/_api/iam/verification/v1/start', {
        identityId: memberId,
        target: 'EMAIL',
      });
      expect(reply.body.verificationId).toBeTypeOf('string');
      const code = emu.outbox.latest({ to: 'start@example.com' })!.code!;
      expect(
        (
          await post(emu, '/_api/iam/verification/v1/auth/verify', {
            code,
            stateToken: reply.body.stateToken,
          })
        ).body.state,
      ).toBe('SUCCESS');
      expect(
        (
          await post(emu, '/_api/iam/verification/v1/start', {
            identityId: 'nobody',
            target: 'EMAIL',
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('POST v2/change-password', () => {
    it('changes a member password; visitors get 401', async () => {
      const emu = await start();
      const tokens = await member(emu, 'change@example.com', 'old-pass');
      expect(
        (
          await post(
            emu,
            `${AUTH}/v2/change-password`,
            { newPassword: 'new-pass' },
            tokens.access_token,
          )
        ).status,
      ).toBe(200);
      expect(
        appCode(
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'change@example.com' },
            password: 'old-pass',
          }),
        ),
      ).toBe('-19976');
      expect(
        (
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'change@example.com' },
            password: 'new-pass',
          })
        ).body.state,
      ).toBe('SUCCESS');
      expect(
        (await post(emu, `${AUTH}/v2/change-password`, { newPassword: 'new-pass' })).status,
      ).toBe(401);
    });
  });

  describe('sso, sign-on', () => {
    it('sign-on creates or finds a member and answers a session token, for the API key only', async () => {
      const emu = await start();
      const first = await post(
        emu,
        `${AUTH}/v2/sign-on`,
        { loginId: { email: 'signon@example.com' }, profile: { nickname: 'so' } },
        emu.apiKey,
      );
      const second = await post(
        emu,
        `${AUTH}/v2/sign-on`,
        { loginId: { email: 'signon@example.com' } },
        emu.apiKey,
      );
      expect(first.body.state).toBe('SUCCESS');
      expect(second.body.identity.id).toBe(first.body.identity.id);
      // A visitor naming someone's email must not get a session for them.
      const forged = await post(emu, `${AUTH}/v2/sign-on`, {
        loginId: { email: 'signon@example.com' },
      });
      expect([forged.status, appCode(forged)]).toEqual([403, 'PERMISSION_DENIED']);
      expect(forged.text).not.toContain('sessionToken');
    });
  });

  describe('recovery', () => {
    it('mails a single-use recovery token that sets a new password and ends sessions', async () => {
      const emu = await start();
      const tokens = await member(emu, 'reset@example.com', 'old-pass');
      expect(
        (
          await post(emu, '/_api/iam/recovery/v1/send-email', {
            email: 'reset@example.com',
            redirect: { url: 'http://localhost:5173/', clientId: emu.clientId },
          })
        ).status,
      ).toBe(200);
      const mail = emu.outbox.latest({ to: 'reset@example.com', kind: 'recovery' })!;
      expect(mail.link).toContain('/recovery?token=');
      const recovered = await post(emu, '/_api/iam/recovery/v1/recover', {
        recoveryToken: mail.recoveryToken,
        password: 'fresh-pass',
      });
      expect(recovered.status).toBe(200);
      // The state machine's next step, as the platform answers it (the official client reads
      // `state`; regression: the answer was `{}`).
      expect(recovered.body).toMatchObject({
        state: 'SUCCESS',
        identity: { email: { address: 'reset@example.com' } },
        sessionToken: expect.stringMatching(/^st_/),
      });
      expect(
        (
          await post(emu, `${AUTH}/v2/login`, {
            loginId: { email: 'reset@example.com' },
            password: 'fresh-pass',
          })
        ).body.state,
      ).toBe('SUCCESS');
      expect(
        appCode(
          await post(emu, '/_api/iam/recovery/v1/recover', {
            recoveryToken: mail.recoveryToken,
            password: 'other-pass',
          }),
        ),
      ).toBe('INVALID_RECOVERY_TOKEN');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: tokens.access_token })).status,
      ).toBe(401);
    });

    it('answers the same for unknown emails and refuses unregistered redirects', async () => {
      const emu = await start();
      expect(
        (await post(emu, '/_api/iam/recovery/v1/send-email', { email: 'ghost@example.com' }))
          .status,
      ).toBe(200);
      expect(emu.outbox.list()).toHaveLength(0);
      const evil = await post(emu, '/_api/iam/recovery/v1/send-email', {
        email: 'ghost@example.com',
        redirect: { url: 'https://evil.example/', clientId: emu.clientId },
      });
      expect(evil.body.details.validationError.fieldViolations[0].field).toBe('redirect.url');
    });

    it('expires recovery tokens after an hour', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      await register(emu, 'old@example.com');
      await post(emu, '/_api/iam/recovery/v1/send-email', { email: 'old@example.com' });
      const token = emu.outbox.latest({ to: 'old@example.com' })!.recoveryToken;
      clock.advance(3_600_001);
      expect(
        appCode(
          await post(emu, '/_api/iam/recovery/v1/recover', {
            recoveryToken: token,
            password: 'fresh-pass',
          }),
        ),
      ).toBe('INVALID_RECOVERY_TOKEN');
    });

    it('activation-email mails a set-password link', async () => {
      const emu = await start();
      const { memberId } = await register(emu, 'activate@example.com');
      expect(
        (await post(emu, '/_api/iam/recovery/v1/activation-email', { identityId: memberId }))
          .status,
      ).toBe(200);
      expect(emu.outbox.latest({ to: 'activate@example.com' })?.kind).toBe('activation');
      expect(
        (await post(emu, '/_api/iam/recovery/v1/activation-email', { identityId: 'nobody' }))
          .status,
      ).toBe(404);
    });
  });

  describe('GET v1/logout', () => {
    it('redirects to a registered address and refuses others', async () => {
      const emu = await start();
      const ok = await call(
        emu,
        'GET',
        `${AUTH}/v1/logout?clientId=${emu.clientId}&postLogoutRedirectUri=${encodeURIComponent('http://localhost:5173/')}`,
      );
      expect(ok.status).toBe(302);
      expect(ok.headers.get('location')).toBe('http://localhost:5173/');
      expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
      const evil = await call(
        emu,
        'GET',
        `${AUTH}/v1/logout?clientId=${emu.clientId}&postLogoutRedirectUri=${encodeURIComponent('http://localhost:5173.evil.com/')}`,
      );
      expect(evil.status).toBe(400);
      expect(evil.body.details.validationError.fieldViolations[0].field).toBe(
        'postLogoutRedirectUri',
      );
    });

    it('revokes the session of a token sent with it', async () => {
      const emu = await start();
      const tokens = await member(emu, 'out@example.com');
      await call(emu, 'GET', `${AUTH}/v1/logout`, { token: tokens.access_token });
      expect(
        (
          await call(emu, 'POST', '/oauth2/token', {
            body: { grantType: 'refresh_token', refreshToken: tokens.refresh_token },
          })
        ).body.error,
      ).toBe('invalid_grant');
    });
  });
});
