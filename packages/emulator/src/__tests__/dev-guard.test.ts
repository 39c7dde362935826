/**
 * The developer endpoints against a web page of another site: the simple requests a browser sends
 * without asking (a `text/plain` POST, a foreign `Origin`) change nothing, and nothing is read
 * under another host name.
 */
import { describe, expect, it } from 'vitest';
import { call, register, start } from './helpers.js';
import type { Json } from './helpers.js';
import { rawRequest } from './raw-http.js';

type Emu = Awaited<ReturnType<typeof start>>;

const FOREIGN = 'https://evil.example';

function code(body: Json): string | undefined {
  return body?.details?.applicationError?.code;
}

/** What a page on another site can send without a preflight: a form-like text/plain POST. */
function crossSitePost(emu: Emu, path: string, origin: string | null = FOREIGN) {
  return call(emu, 'POST', path, {
    raw: '{}',
    headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) },
  });
}

describe('developer endpoint guard', () => {
  describe('changes', () => {
    it('refuses cross-site resets and owner actions, and changes nothing', async () => {
      const emu = await start({ modes: { ownerApproval: true } });
      await register(emu, 'victim@example.com');
      for (const path of [
        '/_emulator/reset',
        '/_emulator/members/victim@example.com/approve',
        '/_emulator/members/victim@example.com/require-password-reset',
        '/_emulator/modes',
        '/_emulator/faults',
      ]) {
        const foreign = await crossSitePost(emu, path);
        expect([path, foreign.status, code(foreign.body)]).toEqual([path, 403, 'FOREIGN_ORIGIN']);
        const plain = await crossSitePost(emu, path, null);
        expect([path, plain.status, code(plain.body)]).toEqual([path, 403, 'FORGEABLE_REQUEST']);
      }
      const [victim] = (await call(emu, 'GET', '/_emulator/members')).body.members;
      expect(victim.status.reasons).toContain('PENDING_ADMIN_APPROVAL_REQUIRED');
      expect(emu.dumpState().counts).toMatchObject({ members: 1 });
      expect((await call(emu, 'GET', '/_emulator/faults')).body.faults).toEqual([]);
    });

    it('refuses every body a page can send without a preflight, whatever its content type', async () => {
      const emu = await start({ modes: { ownerApproval: true } });
      await register(emu, 'victim@example.com');
      // The CORS-safelisted types (a form's, a multipart upload's, plain text), with and without
      // parameters, and no type at all: none makes a browser ask first.
      for (const [type, raw] of [
        ['application/x-www-form-urlencoded', 'x=1'],
        ['application/x-www-form-urlencoded; charset=UTF-8', 'x=1'],
        [
          'multipart/form-data; boundary=b',
          '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
        ],
        ['text/plain;charset=UTF-8', '{}'],
        [undefined, ''],
      ] as const) {
        for (const path of ['/_emulator/reset', '/_emulator/members/victim@example.com/approve']) {
          const reply = await call(emu, 'POST', path, {
            raw,
            headers: type === undefined ? {} : { 'content-type': type },
          });
          expect([type, path, reply.status, code(reply.body)]).toEqual([
            type,
            path,
            403,
            'FORGEABLE_REQUEST',
          ]);
        }
      }
      const [victim] = (await call(emu, 'GET', '/_emulator/members')).body.members;
      expect(victim.status.reasons).toContain('PENDING_ADMIN_APPROVAL_REQUIRED');
      expect(emu.dumpState().counts).toMatchObject({ members: 1 });
    });

    it('accepts a JSON body or the X-Vitrine-Emulator header, from no origin or a loopback one', async () => {
      const emu = await start();
      await register(emu, 'someone@example.com');
      const json = await call(emu, 'POST', '/_emulator/reset', {
        body: {},
        headers: { origin: 'http://localhost:5173' },
      });
      expect(json.status).toBe(200);
      expect(emu.dumpState().counts).toMatchObject({ members: 0 });
      const marked = await call(emu, 'DELETE', '/_emulator/outbox', {
        headers: { 'x-vitrine-emulator': '1' },
      });
      expect(marked.status).toBe(200);
    });

    it('lets an allowed origin ask for the header in a preflight, and a foreign one not', async () => {
      const emu = await start();
      const ask = (origin: string) =>
        call(emu, 'OPTIONS', '/_emulator/reset', {
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'x-vitrine-emulator',
          },
        });
      const local = await ask('http://127.0.0.1:4173');
      expect(local.headers.get('access-control-allow-headers')).toMatch(/X-Vitrine-Emulator/i);
      const foreign = await ask(FOREIGN);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('reads', () => {
    it('refuses the outbox and the state to a foreign origin or a foreign host', async () => {
      const emu = await start();
      for (const path of ['/_emulator/outbox', '/_emulator/state']) {
        const reply = await call(emu, 'GET', path, { headers: { origin: FOREIGN } });
        expect([path, reply.status]).toEqual([path, 403]);
        const rebound = await rawRequest(
          emu,
          `GET ${path} HTTP/1.1\r\nHost: rebound.evil.example:${new URL(emu.url).port}\r\nConnection: close`,
        );
        expect([path, rebound.status]).toEqual([path, 421]);
        expect(rebound.body).not.toContain('messages');
      }
      expect((await call(emu, 'GET', '/_emulator/outbox')).status).toBe(200);
    });

    it('cannot be framed', async () => {
      const emu = await start();
      const reply = await call(emu, 'GET', '/_emulator/outbox');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  });
});
