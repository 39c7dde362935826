/**
 * The hosted pages against other sites: nothing may frame them, their forms post only to the page
 * and the registered redirect origins, and a POST without the flow's anti-forgery token, or sent
 * from another site, is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  authSession,
  call,
  codeFor,
  lineItem,
  pathOf,
  pkce,
  register,
  simpleProduct,
  start,
  visitor,
} from './helpers.js';
import type { Reply } from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return fields;
}

function post(emu: Emu, path: string, fields: Record<string, string>, headers = {}) {
  return call(emu, 'POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

function expectUnframeable(reply: Reply, formOrigins: string[]) {
  expect(reply.headers.get('x-frame-options')).toBe('DENY');
  const csp = reply.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  const formAction = /form-action ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(new Set(formAction)).toEqual(new Set(["'self'", ...formOrigins]));
}

async function signInPage(emu: Emu) {
  const { access_token } = await visitor(emu);
  const session = await authSession(emu, access_token, { challenge: pkce().challenge });
  return call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
}

async function checkoutPage(emu: Emu, checkoutBody: Record<string, unknown> = {}) {
  const { access_token } = await visitor(emu);
  const product = await simpleProduct(emu, access_token);
  await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    token: access_token,
    body: { lineItems: [lineItem(product.id)] },
  });
  const { checkoutId } = (
    await call(emu, 'POST', '/ecom/v1/carts/current/create-checkout', {
      token: access_token,
      body: checkoutBody,
    })
  ).body;
  const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
    token: access_token,
    body: { ecomCheckout: { checkoutId }, callbacks: { postFlowUrl: 'http://localhost:5173/' } },
  });
  return call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
}

const DEFAULT_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
  'http://localhost:3000',
  'http://127.0.0.1:3000',
];

describe('hosted page security', () => {
  describe('framing and form targets', () => {
    it('sign-in, sign-in error, checkout, logout, recovery and the outbox refuse frames', async () => {
      const emu = await start();
      expectUnframeable(await signInPage(emu), DEFAULT_ORIGINS);
      expectUnframeable(
        await call(emu, 'GET', '/oauth2/authorize?redirectSessionId=nope'),
        DEFAULT_ORIGINS,
      );
      expectUnframeable(await checkoutPage(emu), DEFAULT_ORIGINS);
      expectUnframeable(
        await call(emu, 'GET', '/oauth2/logout?redirectSessionId=nope'),
        DEFAULT_ORIGINS,
      );
      expectUnframeable(await call(emu, 'GET', '/recovery?token=nope'), DEFAULT_ORIGINS);
      const outbox = await call(emu, 'GET', '/_emulator/outbox');
      expect(outbox.headers.get('x-frame-options')).toBe('DENY');
      expect(outbox.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('limits form-action to the registered redirect origins of every client', async () => {
      const emu = await start({
        clients: [
          {
            clientId: 'a',
            redirectUris: ['http://localhost:3000/callback', 'http://localhost:3000/'],
          },
          { clientId: 'b', redirectUris: ['https://shop.example/done'] },
        ],
      });
      const page = await call(emu, 'GET', '/oauth2/authorize?redirectSessionId=nope');
      expectUnframeable(page, ['http://localhost:3000', 'https://shop.example']);
    });

    it('lets only the redirect origin frame the web_message answer of a silent sign-in', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'silent@example.com');
      const { access_token } = await visitor(emu);
      const session = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        sessionToken,
        prompt: 'none',
        responseMode: 'web_message',
      });
      const answer = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
      expect(answer.text).toContain('authorization_response');
      expect(answer.headers.get('x-frame-options')).toBeNull();
      expect(answer.headers.get('content-security-policy')).toContain(
        'frame-ancestors http://localhost:5173',
      );
    });
  });

  describe('anti-forgery tokens', () => {
    it('refuses a sign-in POST without the token or from another site, and accepts the page', async () => {
      const emu = await start();
      await register(emu, 'forms@example.com', 'forms-pass');
      const page = await signInPage(emu);
      const fields: Record<string, string> = {
        ...hiddenFields(page.text),
        email: 'forms@example.com',
        password: 'forms-pass',
      };
      expect(fields.formToken).toMatch(/^[\w-]{43}$/);
      const { formToken: _token, ...withoutToken } = fields;
      const missing = await post(emu, '/oauth2/authorize', withoutToken);
      expect(missing.status).toBe(403);
      const wrong = await post(emu, '/oauth2/authorize', { ...fields, formToken: 'x'.repeat(43) });
      expect(wrong.status).toBe(403);
      const crossSite = await post(emu, '/oauth2/authorize', fields, {
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.status).toBe(403);
      const foreign = await post(emu, '/oauth2/authorize', fields, {
        origin: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      // None of those used the session: the page's own post still signs in.
      const own = await post(emu, '/oauth2/authorize', fields, {
        'sec-fetch-site': 'same-origin',
        origin: 'null',
      });
      expect(own.status).toBe(303);
      expect(new URL(own.headers.get('location')!).searchParams.get('code')).toMatch(/^ac_/);
    });

    it('refuses a post without the right token whatever shape it comes in, and changes nothing', async () => {
      const emu = await start();
      await register(emu, 'shapes@example.com', 'shapes-pass');
      const fields: Record<string, string> = {
        ...hiddenFields((await signInPage(emu)).text),
        email: 'shapes@example.com',
        password: 'shapes-pass',
      };
      const { formToken, ...withoutToken } = fields;
      const body = new URLSearchParams(withoutToken).toString();
      // The content type as browsers and libraries send it: with a charset, in capitals.
      for (const type of [
        'application/x-www-form-urlencoded; charset=UTF-8',
        'APPLICATION/X-WWW-FORM-URLENCODED',
        'application/x-www-form-urlencoded;charset=utf-8',
      ]) {
        const reply = await call(emu, 'POST', '/oauth2/authorize', {
          raw: body,
          headers: { 'content-type': type },
        });
        expect([type, reply.status]).toEqual([type, 403]);
      }
      // A second, right token behind a wrong first one does not count.
      const doubled = await call(emu, 'POST', '/oauth2/authorize', {
        raw: `${body}&formToken=${'x'.repeat(43)}&formToken=${formToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(doubled.status).toBe(403);
      // The same fields as a page on another site can send them without a preflight: not a form.
      for (const type of ['text/plain', 'multipart/form-data; boundary=x']) {
        const reply = await call(emu, 'POST', '/oauth2/authorize', {
          raw: new URLSearchParams(fields).toString(),
          headers: { 'content-type': type },
        });
        expect([type, reply.status]).toEqual([type, 415]);
      }
      // None of those used the session: the page's own post signs in, once.
      const own = await post(emu, '/oauth2/authorize', fields, {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      });
      expect(own.status).toBe(303);
      expect(emu.dumpState().counts).toMatchObject({ members: 1 });
    });

    it('gives each flow its own token', async () => {
      const emu = await start();
      const a = hiddenFields((await signInPage(emu)).text);
      const b = hiddenFields((await signInPage(emu)).text);
      expect(a.formToken).not.toBe(b.formToken);
      const swapped = await post(emu, '/oauth2/authorize', {
        ...a,
        formToken: b.formToken!,
        email: 'x@example.com',
        password: 'whatever',
      });
      expect(swapped.status).toBe(403);
    });

    it('refuses a checkout POST without the token and places no order', async () => {
      const emu = await start();
      const page = await checkoutPage(emu, { shippingAddress: { country: 'US' } });
      const fields = hiddenFields(page.text);
      expect(fields.intent).toBe('place');
      const { formToken: _token, ...withoutToken } = fields;
      expect((await post(emu, '/checkout', withoutToken)).status).toBe(403);
      expect(emu.orders()).toHaveLength(0);
      expect((await post(emu, '/checkout', fields)).status).toBe(303);
      expect(emu.orders()).toHaveLength(1);
    });

    it('refuses sign-up, reset and verification posts without the token, changing nothing', async () => {
      const emu = await start();
      const page = await signInPage(emu);
      const { redirectSessionId } = hiddenFields(page.text);
      for (const path of ['/oauth2/signup', '/oauth2/reset', '/oauth2/verify']) {
        const reply = await post(emu, path, {
          redirectSessionId: redirectSessionId!,
          email: 'new@example.com',
          password: 'new-pass',
        });
        expect([path, reply.status]).toEqual([path, 403]);
      }
      expect(emu.dumpState().counts).toMatchObject({ members: 0, mail: 0 });
      // And a code can still be had the normal way.
      const { sessionToken } = await register(emu, 'later@example.com');
      expect(await codeFor(emu, sessionToken!, pkce().challenge)).toMatch(/^ac_/);
    });
  });
});
