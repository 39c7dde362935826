/**
 * Sessions: access-token lifetime, refresh-token rotation with its reuse grace period (on the
 * injected clock), sessions ended by a password change, and the grant counts tests use to assert
 * what a flow cost.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REDIRECT_URI,
  TestClock,
  call,
  codeFor,
  lineItem,
  member,
  pkce,
  simpleProduct,
  start,
  visitor,
  tempDir,
} from './helpers.js';
import type { Tokens } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

function refresh(emu: Emu, refreshToken: string) {
  return call(emu, 'POST', '/oauth2/token', {
    body: { clientId: emu.clientId, grantType: 'refresh_token', refreshToken },
  });
}

/** A visitor with one item in the cart; answers the tokens and the cart id. */
async function shopper(emu: Emu): Promise<Tokens & { cartId: string }> {
  const tokens = await visitor(emu);
  const product = await simpleProduct(emu, tokens.access_token);
  const added = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    token: tokens.access_token,
    body: { lineItems: [lineItem(product.id)] },
  });
  return { ...tokens, cartId: added.body.cart.id };
}

async function cartId(emu: Emu, accessToken: string): Promise<string | number> {
  const reply = await call(emu, 'GET', '/ecom/v1/carts/current', { token: accessToken });
  return reply.status === 200 ? reply.body.cart.id : reply.status;
}

describe('sessions', () => {
  describe('access tokens', () => {
    it('live 4 hours by default', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const tokens = await visitor(emu);
      expect(tokens.expires_in).toBe(14_400);
      clock.advance(14_399_000);
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: tokens.access_token })).status,
      ).toBe(200);
      clock.advance(1_000);
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: tokens.access_token })).status,
      ).toBe(401);
    });
  });

  describe('refresh-token reuse within the grace period', () => {
    it('answers the pair already issued: same tokens, same visitor, same cart', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const first = await shopper(emu);
      const rotated = await refresh(emu, first.refresh_token);
      clock.advance(29_000);
      const again = await refresh(emu, first.refresh_token);
      expect(again.status).toBe(200);
      expect(again.body.access_token).toBe(rotated.body.access_token);
      expect(again.body.refresh_token).toBe(rotated.body.refresh_token);
      expect(again.body.expires_in).toBe(14_400 - 29);
      expect(await cartId(emu, again.body.access_token)).toBe(first.cartId);
    });

    it("keeps two sign-ins apart: each reuse answers its own sign-in's pair, visitor and cart", async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const a = await shopper(emu);
      const b = await shopper(emu);
      const aNext = (await refresh(emu, a.refresh_token)).body;
      const bNext = (await refresh(emu, b.refresh_token)).body;
      clock.advance(10_000);
      // Each comes back within the grace, the other's rotation the newer: still its own.
      const aAgain = await refresh(emu, a.refresh_token);
      const bAgain = await refresh(emu, b.refresh_token);
      expect(aAgain.body.refresh_token).toBe(aNext.refresh_token);
      expect(bAgain.body.refresh_token).toBe(bNext.refresh_token);
      expect(await cartId(emu, aAgain.body.access_token)).toBe(a.cartId);
      expect(await cartId(emu, bAgain.body.access_token)).toBe(b.cartId);
      expect(a.cartId).not.toBe(b.cartId);
    });

    it('gives 20 racing requests one pair and one cart', async () => {
      const emu = await start();
      const first = await shopper(emu);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => refresh(emu, first.refresh_token)),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(replies.map((r) => r.body.refresh_token)).size).toBe(1);
      expect(await cartId(emu, replies[0]!.body.access_token)).toBe(first.cartId);
      expect(emu.grants().refresh_token).toBe(20);
    });

    it('answers the newest pair of the sign-in when the successor was rotated too', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const t0 = await visitor(emu);
      const t1 = (await refresh(emu, t0.refresh_token)).body;
      clock.advance(5_000);
      const t2 = (await refresh(emu, t1.refresh_token)).body;
      clock.advance(5_000);
      const late = await refresh(emu, t0.refresh_token);
      expect(late.body.refresh_token).toBe(t2.refresh_token);
    });

    it('revokes the whole sign-in when the token comes back after the grace period', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const m = await member(emu, 'grace@example.com');
      const rotated = (await refresh(emu, m.refresh_token)).body;
      clock.advance(30_000);
      const stolen = await refresh(emu, m.refresh_token);
      expect([stolen.status, stolen.body.error]).toEqual([400, 'invalid_grant']);
      expect((await refresh(emu, rotated.refresh_token)).body.error).toBe('invalid_grant');
      expect(await cartId(emu, rotated.access_token)).toBe(401);
    });

    it('follows refreshReuseGraceSeconds, and 0 is strict', async () => {
      const clock = new TestClock();
      const five = await start({ now: clock.now, refreshReuseGraceSeconds: 5 });
      const a = await visitor(five);
      await refresh(five, a.refresh_token);
      clock.advance(4_999);
      expect((await refresh(five, a.refresh_token)).status).toBe(200);
      clock.advance(1);
      expect((await refresh(five, a.refresh_token)).body.error).toBe('invalid_grant');

      const strict = await start({ refreshReuseGraceSeconds: 0 });
      const b = await visitor(strict);
      const next = (await refresh(strict, b.refresh_token)).body;
      expect((await refresh(strict, b.refresh_token)).body.error).toBe('invalid_grant');
      expect((await refresh(strict, next.refresh_token)).body.error).toBe('invalid_grant');
    });

    it('after a restart within the grace, answers a new pair of the same sign-in', async () => {
      const dir = await tempDir('vitrine-grace-');
      const data = join(dir, 'state.json');
      const clock = new TestClock();
      const first = await start({ now: clock.now, data });
      const tokens = await shopper(first);
      const rotated = (await refresh(first, tokens.refresh_token)).body;
      await first.close();
      const second = await start({ now: clock.now, data });
      clock.advance(10_000);
      const again = await refresh(second, tokens.refresh_token);
      expect(again.status).toBe(200);
      expect(again.body.refresh_token).not.toBe(rotated.refresh_token);
      expect(await cartId(second, again.body.access_token)).toBe(tokens.cartId);
    });
  });

  describe('a password change', () => {
    it('ends the member’s other sessions and keeps the one that made it', async () => {
      const emu = await start();
      const here = await member(emu, 'two-devices@example.com', 'old-password');
      const other = await secondSession(emu, 'two-devices@example.com', 'old-password');
      const changed = await call(emu, 'POST', '/_api/iam/authentication/v2/change-password', {
        token: here.access_token,
        body: { newPassword: 'new-password' },
      });
      expect(changed.status).toBe(200);
      expect((await refresh(emu, other.refresh_token)).body.error).toBe('invalid_grant');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: other.access_token })).status,
      ).toBe(401);
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: here.access_token })).status,
      ).toBe(200);
      expect((await refresh(emu, here.refresh_token)).status).toBe(200);
    });
  });

  describe('grant counts', () => {
    it('counts successful grants by type, over HTTP and from code, until a reset', async () => {
      const emu = await start();
      const tokens = await visitor(emu);
      expect(emu.grants()).toEqual({
        anonymous: 1,
        refresh_token: 0,
        authorization_code: 0,
        authorized_client: 0,
      });
      await refresh(emu, tokens.refresh_token);
      await refresh(emu, 'rt_unknown');
      // Registration and the hosted sign-in each start from a visitor token of their own.
      await member(emu, 'counted@example.com');
      const stats = await call(emu, 'GET', '/_emulator/stats');
      expect(stats.body.grants).toEqual({
        anonymous: 3,
        refresh_token: 1,
        authorization_code: 1,
        authorized_client: 0,
      });
      await emu.reset();
      expect(Object.values(emu.grants())).toEqual([0, 0, 0, 0]);
    });
  });
});

/** A second sign-in of an existing member (another device): its own member tokens. */
async function secondSession(emu: Emu, email: string, password: string): Promise<Tokens> {
  const { access_token } = await visitor(emu);
  const login = await call(emu, 'POST', '/_api/iam/authentication/v2/login', {
    token: access_token,
    body: { loginId: { email }, password },
  });
  const { verifier, challenge } = pkce();
  const code = await codeFor(emu, login.body.sessionToken, challenge);
  const reply = await call(emu, 'POST', '/oauth2/token', {
    body: {
      clientId: emu.clientId,
      grantType: 'authorization_code',
      redirectUri: REDIRECT_URI,
      code,
      codeVerifier: verifier,
    },
  });
  return reply.body as Tokens;
}
