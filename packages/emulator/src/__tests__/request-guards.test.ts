/**
 * What every request must get past before a route sees it: head sizes, the Host check, declared
 * query parameters, no body on GET, and a credential that is checked wherever it is sent. Each
 * refusal is a 4xx in the platform's shape, and the emulator keeps serving after it.
 */
import { describe, expect, it } from 'vitest';
import { call, start, visitor } from './helpers.js';
import type { Json } from './helpers.js';
import { chunkedBody, ownHost, rawConversation, rawRequest } from './raw-http.js';

type Emu = Awaited<ReturnType<typeof start>>;

function code(body: Json): string | undefined {
  return body?.details?.applicationError?.code;
}

/** The emulator still answers a plain call. */
async function healthy(emu: Emu): Promise<void> {
  expect((await call(emu, 'GET', '/_emulator')).status).toBe(200);
}

describe('request guards', () => {
  describe('oversized heads', () => {
    it('answers a 64 KB Authorization with a shaped 431, never a reset, every time', async () => {
      const emu = await start();
      const huge = 'a'.repeat(64 * 1024);
      for (let i = 0; i < 10; i += 1) {
        const reply = await rawRequest(
          emu,
          `GET /ecom/v1/carts/current HTTP/1.1\r\nHost: ${ownHost(emu)}\r\nAuthorization: ${huge}\r\nConnection: close`,
        );
        expect(reply.status).toBe(431);
        expect(code(JSON.parse(reply.body))).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE');
        expect(reply.headers['x-wix-request-id']).toBeTruthy();
      }
      await healthy(emu);
    });

    it('answers heads larger than Node parses with a shaped 431, read to the end', async () => {
      const emu = await start();
      const headers = await rawRequest(
        emu,
        `GET /_emulator HTTP/1.1\r\nHost: ${ownHost(emu)}\r\nX-Padding: ${'p'.repeat(400 * 1024)}`,
      );
      expect([headers.status, code(JSON.parse(headers.body))]).toEqual([
        431,
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
      ]);
      const url = await rawRequest(
        emu,
        `GET /_emulator?x=${'u'.repeat(400 * 1024)} HTTP/1.1\r\nHost: ${ownHost(emu)}`,
      );
      expect([url.status, code(JSON.parse(url.body))]).toEqual([
        431,
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
      ]);
      await healthy(emu);
    });

    it('answers a URL over 16 KB with a shaped 414', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await call(
        emu,
        'GET',
        `/stores-reader/v1/products/query-platformized?.r=${'e'.repeat(17 * 1024)}`,
        { token: access_token },
      );
      expect([reply.status, code(reply.body)]).toEqual([414, 'URI_TOO_LONG']);
      await healthy(emu);
    });

    it('answers malformed HTTP and a missing Host with a shaped 400', async () => {
      const emu = await start();
      const garbage = await rawRequest(emu, 'GARBAGE \u0001\u0002 NONSENSE');
      expect([garbage.status, code(JSON.parse(garbage.body))]).toEqual([400, 'BAD_REQUEST']);
      const noHost = await rawRequest(emu, 'GET /_emulator HTTP/1.0');
      expect([noHost.status, code(JSON.parse(noHost.body))]).toEqual([400, 'BAD_REQUEST']);
      const control = await rawRequest(
        emu,
        `GET /_emulator HTTP/1.1\r\nHost: ${ownHost(emu)}\r\nAuthorization: a\u0000b`,
      );
      expect([control.status, code(JSON.parse(control.body))]).toEqual([400, 'BAD_REQUEST']);
      await healthy(emu);
    });
  });

  describe('oversized bodies', () => {
    const MB = 1024 * 1024;
    const QUERY = '/stores-reader/v1/products/query-platformized';

    /** A POST of an oversized body, then a second request on the same connection. */
    function overSized(emu: Emu, token: string, bytes: number, chunked: boolean) {
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`;
      const head = `POST ${QUERY} HTTP/1.1\r\nHost: ${ownHost(emu)}\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
      const body = chunked
        ? chunkedBody(bytes)
        : (function* () {
            for (let sent = 0; sent < bytes; sent += MB) yield Buffer.alloc(MB, 'x');
          })();
      const next = `GET /_emulator HTTP/1.1\r\nHost: ${ownHost(emu)}\r\nConnection: close\r\n\r\n`;
      return rawConversation(emu, [head, ...body, next]);
    }

    it('answers a chunked 5 MB body with the 413, read to the end, every time, never a reset (regression: the connection was sometimes reset instead)', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      for (let i = 0; i < 20; i += 1) {
        const { replies, error } = await overSized(emu, access_token, 5 * MB, true);
        expect(error, `try ${i}`).toBeUndefined();
        expect(
          replies.map((r) => r.status),
          `try ${i}`,
        ).toEqual([413, 200]);
        expect(code(JSON.parse(replies[0]!.body))).toBe('PAYLOAD_TOO_LARGE');
        expect(replies[0]!.headers['content-type']).toMatch(/^application\/json/);
      }
      await healthy(emu);
    });

    it('answers a 5 MB body with a Content-Length the same way', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      for (let i = 0; i < 5; i += 1) {
        const { replies, error } = await overSized(emu, access_token, 5 * MB, false);
        expect(error, `try ${i}`).toBeUndefined();
        expect(replies.map((r) => r.status)).toEqual([413, 200]);
        expect(code(JSON.parse(replies[0]!.body))).toBe('PAYLOAD_TOO_LARGE');
      }
    });

    it('drops at most 16 MB after the 413, then closes the connection', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const { replies } = await overSized(emu, access_token, 40 * MB, true);
      expect(replies.map((r) => r.status)).toEqual([413]);
      await healthy(emu);
    });
  });

  describe('Host', () => {
    it('answers loopback names and refuses any other host with 421 (DNS rebinding)', async () => {
      const emu = await start();
      const { port } = new URL(emu.url);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost']) {
        const reply = await rawRequest(
          emu,
          `GET /_emulator HTTP/1.1\r\nHost: ${host}\r\nConnection: close`,
        );
        expect(reply.status).toBe(200);
      }
      for (const host of [
        `evil.example:${port}`,
        `127.0.0.1.evil.example:${port}`,
        `[::2]:${port}`,
      ]) {
        for (const path of ['/_emulator/outbox', '/_emulator/state', '/oauth2/token']) {
          const reply = await rawRequest(
            emu,
            `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close`,
          );
          expect([reply.status, code(JSON.parse(reply.body))]).toEqual([
            421,
            'MISDIRECTED_REQUEST',
          ]);
        }
      }
      await healthy(emu);
    });

    it('also answers the names given with allowedHosts', async () => {
      const emu = await start({ allowedHosts: ['devbox.local'] });
      const reply = await rawRequest(
        emu,
        `GET /_emulator HTTP/1.1\r\nHost: devbox.local:${new URL(emu.url).port}\r\nConnection: close`,
      );
      expect(reply.status).toBe(200);
    });
  });

  describe('query parameters and bodies', () => {
    it('refuses a parameter the call does not take, naming it', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'GET', '/ecom/v1/carts/current?cacheBust=1', {
        token: access_token,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'cacheBust',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
      // Declared parameters are fine, and unknown paths still answer 404.
      expect((await call(emu, 'GET', '/_emulator/outbox?kind=recovery')).status).toBe(200);
      expect((await call(emu, 'GET', '/nowhere?x=1')).status).toBe(404);
    });

    it('refuses a body on GET and DELETE', async () => {
      const emu = await start();
      const body = '{"a":1}';
      const reply = await rawRequest(
        emu,
        `GET /_emulator/state HTTP/1.1\r\nHost: ${ownHost(emu)}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close`,
        body,
      );
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body).details.validationError.fieldViolations[0].field).toBe('body');
      await healthy(emu);
    });
  });

  describe('Authorization', () => {
    it('is checked wherever it is sent: garbage answers 401, even where no token is needed', async () => {
      const emu = await start();
      for (const path of ['/_emulator', '/media/nothing.svg']) {
        const reply = await call(emu, 'GET', path, { token: 'garbage!!' });
        expect([reply.status, code(reply.body)]).toEqual([401, 'UNAUTHORIZED']);
      }
      const grant = await call(emu, 'POST', '/oauth2/token', {
        token: 'garbage!!',
        body: { clientId: emu.clientId, grantType: 'anonymous' },
      });
      expect([grant.status, grant.body.error]).toEqual([401, 'invalid_client']);
      // A credential the emulator knows is fine where none is needed.
      const { access_token } = await visitor(emu);
      const again = await call(emu, 'POST', '/oauth2/token', {
        token: access_token,
        body: { clientId: emu.clientId, grantType: 'anonymous' },
      });
      expect(again.status).toBe(200);
    });

    it('is checked at the token endpoint whatever the body looks like: form, charset, capitals', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const form = new URLSearchParams({ client_id: emu.clientId, grant_type: 'anonymous' });
      const json = JSON.stringify({ clientId: emu.clientId, grantType: 'anonymous' });
      for (const [type, raw] of [
        ['application/x-www-form-urlencoded', form.toString()],
        ['application/x-www-form-urlencoded; charset=UTF-8', form.toString()],
        ['Application/X-WWW-Form-Urlencoded', form.toString()],
        ['application/json; charset=utf-8', json],
      ] as const) {
        for (const [token, status] of [
          ['garbage!!', 401],
          [`${access_token}x`, 401],
          [access_token, 200],
        ] as const) {
          const reply = await call(emu, 'POST', '/oauth2/token', {
            token,
            raw,
            headers: { 'content-type': type },
          });
          expect([type, token === access_token, reply.status]).toEqual([
            type,
            token === access_token,
            status,
          ]);
          if (status === 401) expect(reply.body.error).toBe('invalid_client');
        }
      }
    });
  });
});
