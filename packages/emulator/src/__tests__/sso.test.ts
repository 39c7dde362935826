/**
 * `login-with-token-params`: the emulated identity provider signs in only whom its connection's
 * token vouches for. A JWT signed with the connection's secret (signIdpToken), for that
 * connection, unexpired; never a bare e-mail, whatever shape the request takes.
 */
import { gzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signIdpToken } from '../index.js';
import { TestClock, call, register, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';
import { ownHost, rawRequest } from './raw-http.js';

const SSO = '/_api/iam/authentication/v1/sso/login-with-token-params';
const SECRET = 'a-connection-secret-of-at-least-32-chars';
const OTHER_SECRET = 'another-connection-secret-32-chars-long';
const connections = [
  { idpConnectionId: 'acme-idp', secret: SECRET },
  { idpConnectionId: 'other-idp', secret: OTHER_SECRET },
];

type Emu = Awaited<ReturnType<typeof start>>;

async function sso(emu: Emu, body: unknown, token?: string) {
  return call(emu, 'POST', SSO, { token: token ?? (await visitor(emu)).access_token, body });
}

function code(reply: { body: Json }): string {
  return reply.body.details.applicationError.code;
}

/** An emulator with two connections, and a member (`victim`) another caller must not become. */
async function setUp(clock = new TestClock()) {
  const emu = await start({ idpConnections: connections, now: clock.now });
  await register(emu, 'victim@example.com', 'victim-pass');
  const token = (options: { email?: string; secret?: string; id?: string; ttl?: number } = {}) =>
    signIdpToken({
      idpConnectionId: options.id ?? 'acme-idp',
      secret: options.secret ?? SECRET,
      email: options.email ?? 'ada@example.com',
      now: clock.t,
      ...(options.ttl !== undefined ? { expiresInSeconds: options.ttl } : {}),
    });
  return { emu, clock, token };
}

describe('login-with-token-params', () => {
  it("signs in the member the connection's token names", async () => {
    const { emu, token } = await setUp();
    const reply = await sso(emu, {
      idpConnectionId: 'acme-idp',
      tokenParams: { token: await token() },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.state).toBe('SUCCESS');
    expect(reply.body.identity.email.address).toBe('ada@example.com');
    expect(reply.body.sessionToken).toMatch(/^st_/);
  });

  it('takes the e-mail from the token, never from the other parameters', async () => {
    const { emu, token } = await setUp();
    const reply = await sso(emu, {
      idpConnectionId: 'acme-idp',
      tokenParams: { token: await token(), email: 'victim@example.com' },
    });
    expect(reply.body.identity.email.address).toBe('ada@example.com');
  });

  it.each([
    ['a bare e-mail', { email: 'victim@example.com' }],
    ['an empty token', { token: '' }],
    ['no parameters', {}],
    ['an e-mail as the token', { token: 'victim@example.com' }],
  ])('refuses %s', async (_name, tokenParams) => {
    const { emu } = await setUp();
    const reply = await sso(emu, { idpConnectionId: 'acme-idp', tokenParams });
    expect(reply.status).toBe(400);
    expect(code(reply)).toBe('INVALID_IDP_CONNECTION');
    expect(JSON.stringify(reply.body)).not.toContain('victim');
  });

  it('refuses a forged token: another key, no signature, an edited claim', async () => {
    const { emu, token } = await setUp();
    const forged = await token({ email: 'victim@example.com', secret: 'x'.repeat(40) });
    const good = await token({ email: 'ada@example.com' });
    const [header, , signature] = good.split('.');
    const payload = JSON.parse(
      Buffer.from(
        (await token({ email: 'victim@example.com' })).split('.')[1]!,
        'base64url',
      ).toString(),
    );
    const edited = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${good.split('.')[1]}.`;
    for (const bad of [forged, edited, none, `${good}x`]) {
      const reply = await sso(emu, { idpConnectionId: 'acme-idp', tokenParams: { token: bad } });
      expect(reply.status, bad.slice(-12)).toBe(400);
      expect(code(reply)).toBe('INVALID_IDP_CONNECTION');
    }
  });

  it("refuses a token of another connection, and one made with that connection's secret for this one's name", async () => {
    const { emu, token } = await setUp();
    const forOther = await token({
      id: 'other-idp',
      secret: OTHER_SECRET,
      email: 'victim@example.com',
    });
    expect(
      code(await sso(emu, { idpConnectionId: 'acme-idp', tokenParams: { token: forOther } })),
    ).toBe('INVALID_IDP_CONNECTION');
    const wrongKey = await token({
      id: 'acme-idp',
      secret: OTHER_SECRET,
      email: 'victim@example.com',
    });
    expect(
      code(await sso(emu, { idpConnectionId: 'acme-idp', tokenParams: { token: wrongKey } })),
    ).toBe('INVALID_IDP_CONNECTION');
  });

  it('refuses an expired token', async () => {
    const { emu, clock, token } = await setUp();
    const soon = await token({ ttl: 60 });
    clock.advance(61_000);
    const reply = await sso(emu, { idpConnectionId: 'acme-idp', tokenParams: { token: soon } });
    expect(reply.status).toBe(400);
    expect(code(reply)).toBe('INVALID_IDP_CONNECTION');
  });

  it('answers 404 for an unknown connection, and refuses everyone when none is registered', async () => {
    const { emu, token } = await setUp();
    const unknown = await sso(emu, {
      idpConnectionId: 'nobody',
      tokenParams: { token: await token() },
    });
    expect(unknown.status).toBe(404);
    expect(code(unknown)).toBe('IDP_CONNECTION_NOT_FOUND');
    const bare = await start();
    const none = await sso(bare, {
      idpConnectionId: 'acme-idp',
      tokenParams: { email: 'victim@example.com' },
    });
    expect(none.status).toBe(404);
  });

  it('registers a connection through the developer API, never answering its secret', async () => {
    const emu = await start();
    const added = await call(emu, 'POST', '/_emulator/idp-connections', {
      body: { idpConnectionId: 'late-idp', secret: SECRET },
    });
    expect(added.status).toBe(200);
    expect(added.text).not.toContain(SECRET);
    const short = await call(emu, 'POST', '/_emulator/idp-connections', {
      body: { idpConnectionId: 'late-idp', secret: 'short' },
    });
    expect(short.body.details.validationError.fieldViolations[0].field).toBe('secret');
    const token = await signIdpToken({
      idpConnectionId: 'late-idp',
      secret: SECRET,
      email: 'late@example.com',
    });
    const reply = await sso(emu, { idpConnectionId: 'late-idp', tokenParams: { token } });
    expect(reply.body.identity.email.address).toBe('late@example.com');
  });

  describe('requests of another shape', () => {
    /** Sends the SSO call raw, with the head lines given. */
    async function raw(emu: Emu, headers: string[], body: string | Buffer) {
      const head = [
        `POST ${SSO} HTTP/1.1`,
        `Host: ${ownHost(emu)}`,
        'Connection: close',
        ...headers,
      ].join('\r\n');
      return rawRequest(emu, head, body);
    }

    it('signs no one in from a form, text, gzip, chunked, duplicated or headerless body with only an e-mail', async () => {
      const { emu } = await setUp();
      const visitorToken = (await visitor(emu)).access_token;
      const json = JSON.stringify({
        idpConnectionId: 'acme-idp',
        tokenParams: { email: 'victim@example.com' },
      });
      const form = 'idpConnectionId=acme-idp&tokenParams.email=victim%40example.com';
      const cases: [string, string[], string | Buffer][] = [
        [
          'form',
          ['Content-Type: application/x-www-form-urlencoded', `Content-Length: ${form.length}`],
          form,
        ],
        ['text/plain', ['Content-Type: text/plain', `Content-Length: ${json.length}`], json],
        ['no content type', [`Content-Length: ${json.length}`], json],
        [
          'no authorization',
          ['Content-Type: application/json', `Content-Length: ${json.length}`],
          json,
        ],
        [
          'gzip',
          [
            'Content-Type: application/json',
            'Content-Encoding: gzip',
            `Content-Length: ${gzipSync(json).length}`,
          ],
          gzipSync(json),
        ],
        [
          'chunked',
          ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
          `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
        ],
        [
          'a duplicated key',
          ['Content-Type: application/json'],
          `{"idpConnectionId":"acme-idp","tokenParams":{"token":"x"},"tokenParams":{"email":"victim@example.com"}}`,
        ],
        [
          'an upper-case key',
          ['Content-Type: application/json'],
          `{"idpConnectionId":"acme-idp","TokenParams":{"email":"victim@example.com"},"tokenParams":{}}`,
        ],
        [
          'a token that is an object',
          ['Content-Type: application/json'],
          `{"idpConnectionId":"acme-idp","tokenParams":{"token":{"email":"victim@example.com"}}}`,
        ],
      ];
      for (const [name, headers, body] of cases) {
        const withLength = headers.some((h) => /^(content-length|transfer-encoding):/i.test(h))
          ? headers
          : [...headers, `Content-Length: ${Buffer.byteLength(body)}`];
        const auth = name === 'no authorization' ? [] : [`Authorization: ${visitorToken}`];
        const reply = await raw(emu, [...withLength, ...auth], body);
        expect(reply.status, name).toBeGreaterThanOrEqual(400);
        expect(reply.status, name).toBeLessThan(500);
        expect(reply.body, name).not.toContain('sessionToken');
      }
      const members = await call(emu, 'GET', '/_emulator/members');
      expect(members.body.members.map((m: Json) => m.email.address)).toEqual([
        'victim@example.com',
      ]);
    });

    it('refuses a token signed with another algorithm (HS512)', async () => {
      const { emu, clock } = await setUp();
      const hs512 = await new SignJWT({ email: 'victim@example.com' })
        .setProtectedHeader({ alg: 'HS512' })
        .setAudience('acme-idp')
        .setIssuedAt(Math.floor(clock.t / 1000))
        .setExpirationTime(Math.floor(clock.t / 1000) + 60)
        .sign(new TextEncoder().encode(SECRET));
      const reply = await sso(emu, { idpConnectionId: 'acme-idp', tokenParams: { token: hs512 } });
      expect(code(reply)).toBe('INVALID_IDP_CONNECTION');
    });
  });
});
