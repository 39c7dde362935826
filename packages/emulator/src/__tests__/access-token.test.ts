/**
 * Access tokens in the platform's shape: `OauthNG.JWS.` and an HS256 JWT whose `data` claim is a
 * JSON string carrying the `instance` (the site's `metaSiteId`, the visitor's `aid` or the
 * member's `uid` and `siteMemberId`), decoded the way apps on the official client decode it. Still
 * refused when forged, edited, expired or revoked: the emulator keeps a record of each.
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClock, call, member, start, visitor, type Json, tempDir } from './helpers.js';

/** What an app does: drop the prefix, read the JWT's payload, parse its `data`. */
function decode(token: string): { header: Json; payload: Json; instance: Json } {
  expect(token.startsWith('OauthNG.JWS.')).toBe(true);
  const [header, payload] = token
    .slice('OauthNG.JWS.'.length)
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  return { header, payload, instance: JSON.parse(payload.data).instance };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function status(emu: Awaited<ReturnType<typeof start>>, token: string): Promise<number> {
  return (await call(emu, 'POST', '/v2/collections/query', { token, body: { query: {} } })).status;
}

describe('access tokens', () => {
  it("carry the site's id and the visitor's, as the platform's tokens do", async () => {
    const clock = new TestClock();
    const emu = await start({ now: clock.now, tokenTtlSeconds: 600 });
    const first = await visitor(emu);
    const second = await visitor(emu);
    const { header, payload, instance } = decode(first.access_token);
    expect(header).toEqual({ kid: expect.any(String), alg: 'HS256' });
    expect(payload).toMatchObject({
      iat: clock.t / 1000,
      exp: clock.t / 1000 + 600,
      data: expect.any(String),
    });
    expect(instance).toMatchObject({
      metaSiteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      aid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      appDefId: emu.clientId,
      signDate: new Date(clock.t).toISOString(),
      expirationDate: new Date(clock.t + 600_000).toISOString(),
    });
    expect(instance.uid).toBeUndefined();
    const other = decode(second.access_token).instance;
    expect(other.metaSiteId).toBe(instance.metaSiteId);
    expect(other.aid).not.toBe(instance.aid);
    // The cart's visitor is the token's.
    const added = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token: first.access_token,
      body: { customLineItems: [{ quantity: 1, price: '1', productName: { original: 'X' } }] },
    });
    expect(added.body.cart.buyerInfo.visitorId).toBe(instance.aid);
  });

  it("carry a member's id as uid and siteMemberId, and stay well under a cookie's 4 KB", async () => {
    const emu = await start();
    const signedIn = await member(emu, 'token-shape@example.com');
    const { instance } = decode(signedIn.access_token);
    const me = await call(emu, 'GET', '/members/v1/members/my', { token: signedIn.access_token });
    expect(instance.uid).toBe(me.body.member.id);
    expect(instance.siteMemberId).toBe(me.body.member.id);
    expect(instance.aid).toBeUndefined();
    // The official client's session cookie holds both tokens as JSON, URL-encoded.
    const cookie = encodeURIComponent(
      JSON.stringify({
        accessToken: { value: signedIn.access_token, expiresAt: 1_900_000_000 },
        refreshToken: { value: signedIn.refresh_token, role: 'member' },
      }),
    );
    expect(cookie.length).toBeLessThan(1500);
  });

  it('keeps the site id across a restart on the same data file', async () => {
    const dir = await tempDir('vitrine-token-');
    const data = join(dir, 'state.json');
    const before = await start({ data });
    const { access_token } = await visitor(before);
    const site = decode(access_token).instance.metaSiteId;
    await before.close();
    const after = await start({ data });
    expect(await status(after, access_token)).toBe(200);
    expect(decode((await visitor(after)).access_token).instance.metaSiteId).toBe(site);
  });

  it('refuses a token whose claims were edited, re-signed with a guessed key, or cut', async () => {
    const emu = await start();
    const { access_token } = await visitor(emu);
    expect(await status(emu, access_token)).toBe(200);
    const [header, payload, signature] = access_token.slice('OauthNG.JWS.'.length).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const edited = b64({ ...claims, exp: claims.exp + 86_400 });
    const forgedSignature = createHmac('sha256', 'guessed')
      .update(`${header}.${edited}`)
      .digest('base64url');
    for (const forged of [
      `OauthNG.JWS.${header}.${edited}.${signature}`,
      `OauthNG.JWS.${header}.${edited}.${forgedSignature}`,
      `OauthNG.JWS.${b64({ alg: 'none' })}.${payload}.`,
      `OauthNG.JWS.${header}.${payload}`,
      `OauthNG.JWS.${header}.${payload}.${signature}x`,
      access_token.slice('OauthNG.JWS.'.length),
    ]) {
      const reply = await call(emu, 'POST', '/v2/collections/query', {
        token: forged,
        body: { query: {} },
      });
      expect(reply.status, forged.slice(-20)).toBe(401);
      expect(reply.body.details.applicationError.code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a well-signed token whose record expired or was revoked', async () => {
    const clock = new TestClock();
    const emu = await start({ now: clock.now, tokenTtlSeconds: 60 });
    const expiring = (await visitor(emu)).access_token;
    clock.advance(60_000);
    expect(await status(emu, expiring)).toBe(401);

    const signedIn = await member(emu, 'revoked-token@example.com');
    expect(await status(emu, signedIn.access_token)).toBe(200);
    const logout = await call(emu, 'GET', '/_api/iam/authentication/v1/logout', {
      token: signedIn.access_token,
    });
    expect(logout.status).toBeLessThan(400);
    expect(await status(emu, signedIn.access_token)).toBe(401);
  });
});
