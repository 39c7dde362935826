import { describe, expect, it } from 'vitest';
import {
  REDIRECT_URI,
  TestClock,
  authSession,
  call,
  checkoutSession,
  lineItem,
  member,
  pathOf,
  pkce,
  register,
  simpleProduct,
  start,
  visitor,
} from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

/** Reads a form's action and fields from a page. */
function form(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return { action, fields };
}

async function submit(emu: Emu, action: string, fields: Record<string, string>) {
  return call(emu, 'POST', action, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function signInPage(emu: Emu, responseMode = 'query', state = 'state-xyz') {
  const { access_token } = await visitor(emu);
  const { verifier, challenge } = pkce();
  const session = await authSession(emu, access_token, { challenge, responseMode, state });
  expect(session.status).toBe(200);
  const page = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
  return { page, verifier, session };
}

describe('redirects', () => {
  describe('POST /_api/redirects-api/v1/redirect-session', () => {
    it('answers a full URL on the emulator with only the session id in it', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        sessionToken: 'st_secret',
      });
      const session = reply.body.redirectSession;
      expect(session.urlDetails.endpoint).toBe(`${emu.url}/oauth2/authorize`);
      expect(session.fullUrl).toBe(`${emu.url}/oauth2/authorize?redirectSessionId=${session.id}`);
      expect(session.fullUrl).not.toContain('st_secret');
    });

    it.each([
      [
        'an unregistered redirect URI',
        { redirectUri: 'http://localhost:5173/callback/evil' },
        'auth.authRequest.redirectUri',
      ],
      [
        'a prefix-matching redirect URI',
        { redirectUri: 'http://localhost:5173/callbackx' },
        'auth.authRequest.redirectUri',
      ],
      [
        'another host',
        { redirectUri: 'https://evil.example/callback' },
        'auth.authRequest.redirectUri',
      ],
      ['an unknown client', { clientId: 'nope' }, 'auth.authRequest.clientId'],
      ['a bad response mode', { responseMode: 'form_post' }, 'auth.authRequest.responseMode'],
    ])('refuses %s', async (_name, override, field) => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const reply = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        ...override,
      });
      expect(reply.status).toBe(400);
      expect(
        reply.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toContain(field);
    });

    it('refuses zero or two flows, and unregistered post-flow URLs', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const none = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: {},
      });
      expect(none.status).toBe(400);
      const two = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: { logout: { clientId: emu.clientId }, storesProduct: { productSlug: 'x' } },
      });
      expect(two.status).toBe(400);
      const evil = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: {
          logout: { clientId: emu.clientId },
          callbacks: { postFlowUrl: 'https://evil.example/' },
        },
      });
      expect(evil.body.details.validationError.fieldViolations[0].field).toBe(
        'callbacks.postFlowUrl',
      );
      expect(
        (
          await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
            body: { logout: { clientId: emu.clientId } },
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('#SITE_CONTAINER', () => {
    /** The markup inside the page's `#SITE_CONTAINER`, or `undefined` when it has none. */
    function siteContainer(html: string): string | undefined {
      return /<div id="SITE_CONTAINER">([\s\S]*)<\/div><\/body>/.exec(html)?.[1];
    }

    it("roots every hosted page in it, as the platform's are", async () => {
      const emu = await start();
      const { page } = await signInPage(emu);
      const signIn = siteContainer(page.text);
      expect(signIn).toContain('name="password"');
      const signUpLink = /href="(\/oauth2\/signup\?[^"]+)"/
        .exec(page.text)![1]!
        .replace(/&#38;/g, '&');
      const resetLink = /href="(\/oauth2\/reset\?[^"]+)"/
        .exec(page.text)![1]!
        .replace(/&#38;/g, '&');
      for (const path of [signUpLink, resetLink]) {
        const other = await call(emu, 'GET', path);
        expect(other.status, path).toBe(200);
        expect(siteContainer(other.text), path).toContain('<form');
      }
      const gone = await call(emu, 'GET', '/checkout?redirectSessionId=nothing');
      expect(siteContainer(gone.text)).toBeDefined();
    });

    it("shows the cart's product names in the checkout page's container", async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [lineItem(product.id, 2)] },
      });
      const session = await checkoutSession(emu, access_token, {
        thankYouPageUrl: 'http://localhost:5173/callback',
      });
      const page = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
      expect(page.status).toBe(200);
      expect(siteContainer(page.text)).toContain(product.name);
    });
  });

  describe('GET /oauth2/authorize (sign-in page)', () => {
    it('shows an email and password form with links to sign-up and reset, without a referrer', async () => {
      const emu = await start();
      const { page } = await signInPage(emu);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.text).toContain('name="email"');
      expect(page.text).toContain('name="password"');
      expect(page.text).toMatch(/href="\/oauth2\/signup\?redirectSessionId=/);
      expect(page.text).toMatch(/href="\/oauth2\/reset\?redirectSessionId=/);
    });

    it('answers code and state by query after the form POST; the code exchanges for member tokens', async () => {
      const emu = await start();
      await register(emu, 'page@example.com', 'page-pass');
      const { page, verifier } = await signInPage(emu, 'query', 'st-1');
      const { action, fields } = form(page.text);
      const wrong = await submit(emu, action, {
        ...fields,
        email: 'page@example.com',
        password: 'nope-nope',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain('The email or password is wrong');
      expect(wrong.text).not.toContain('nope-nope');
      const ok = await submit(emu, action, {
        ...fields,
        email: 'page@example.com',
        password: 'page-pass',
      });
      expect(ok.status).toBe(303);
      const location = new URL(ok.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('state')).toBe('st-1');
      const tokens = await call(emu, 'POST', '/oauth2/token', {
        body: {
          clientId: emu.clientId,
          grantType: 'authorization_code',
          redirectUri: REDIRECT_URI,
          code: location.searchParams.get('code'),
          codeVerifier: verifier,
        },
      });
      expect(tokens.status).toBe(200);
      // The session is single use.
      expect(
        (await submit(emu, action, { ...fields, email: 'page@example.com', password: 'page-pass' }))
          .status,
      ).toBe(400);
    });

    it('answers by fragment', async () => {
      const emu = await start();
      await register(emu, 'frag@example.com', 'page-pass');
      const { page } = await signInPage(emu, 'fragment', 'st-2');
      const { action, fields } = form(page.text);
      const ok = await submit(emu, action, {
        ...fields,
        email: 'frag@example.com',
        password: 'page-pass',
      });
      const location = new URL(ok.headers.get('location')!);
      expect(location.search).toBe('');
      const hash = new URLSearchParams(location.hash.slice(1));
      expect(hash.get('code')).toMatch(/^ac_/);
      expect(hash.get('state')).toBe('st-2');
    });

    it('answers by web_message to the exact redirect origin', async () => {
      const emu = await start();
      await register(emu, 'msg@example.com', 'page-pass');
      const { page } = await signInPage(emu, 'web_message', 'st-3');
      const { action, fields } = form(page.text);
      const ok = await submit(emu, action, {
        ...fields,
        email: 'msg@example.com',
        password: 'page-pass',
      });
      expect(ok.status).toBe(200);
      expect(ok.text).toMatch(
        /window\.parent\.postMessage\(\{"type":"authorization_response","response":\{"code":"ac_[^"]+","state":"st-3"\}\}, "http:\/\/localhost:5173"\)/,
      );
      const nonce = /script-src 'nonce-([^']+)'/.exec(
        ok.headers.get('content-security-policy') ?? '',
      )?.[1];
      expect(ok.text).toContain(`<script nonce="${nonce}">`);
    });

    it('prompt=none with a session token answers at once; without one answers login_required', async () => {
      const emu = await start();
      const { sessionToken } = await register(emu, 'silent@example.com');
      const { access_token } = await visitor(emu);
      const withToken = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        sessionToken,
        prompt: 'none',
        responseMode: 'web_message',
        state: 's-none',
      });
      const page = await call(emu, 'GET', pathOf(withToken.body.redirectSession.fullUrl));
      expect(page.text).toContain('"code":"ac_');
      expect(page.text).not.toContain('name="password"');
      // The session token was used up.
      const reused = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        sessionToken,
        prompt: 'none',
        responseMode: 'query',
      });
      const refused = await call(emu, 'GET', pathOf(reused.body.redirectSession.fullUrl));
      expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe(
        'login_required',
      );
      const without = await authSession(emu, access_token, {
        challenge: pkce().challenge,
        prompt: 'none',
        responseMode: 'web_message',
        state: 's2',
      });
      const noToken = await call(emu, 'GET', pathOf(without.body.redirectSession.fullUrl));
      expect(noToken.text).toContain('"error":"login_required"');
      expect(noToken.text).toContain('"state":"s2"');
    });

    it('expires sessions after 10 minutes and session tokens after 10 minutes', async () => {
      const clock = new TestClock();
      const emu = await start({ now: clock.now });
      const { sessionToken } = await register(emu, 'slow@example.com');
      const { access_token } = await visitor(emu);
      const session = await authSession(emu, access_token, { challenge: pkce().challenge });
      clock.advance(10 * 60_000 + 1);
      expect((await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl))).status).toBe(
        400,
      );
      const { access_token: fresh } = await visitor(emu);
      const late = await authSession(emu, fresh, {
        challenge: pkce().challenge,
        sessionToken,
        prompt: 'none',
      });
      const page = await call(emu, 'GET', pathOf(late.body.redirectSession.fullUrl));
      expect(new URL(page.headers.get('location')!).searchParams.get('error')).toBe(
        'login_required',
      );
    });
  });

  describe('sign-up, reset and verify pages', () => {
    it('signs up through the form and answers a code', async () => {
      const emu = await start();
      const { page } = await signInPage(emu);
      const signupPath = /href="(\/oauth2\/signup\?redirectSessionId=[^"]+)"/.exec(page.text)![1]!;
      const signup = await call(emu, 'GET', signupPath);
      const { action, fields } = form(signup.text);
      const ok = await submit(emu, action, {
        ...fields,
        email: 'new@example.com',
        password: 'new-pass',
      });
      expect(ok.status).toBe(303);
      expect(new URL(ok.headers.get('location')!).searchParams.get('code')).toMatch(/^ac_/);
      const dupe = await signInPage(emu);
      const again = await call(
        emu,
        'GET',
        /href="(\/oauth2\/signup[^"]+)"/.exec(dupe.page.text)![1]!,
      );
      const taken = await submit(emu, form(again.text).action, {
        ...form(again.text).fields,
        email: 'new@example.com',
        password: 'new-pass',
      });
      expect(taken.status).toBe(400);
      expect(taken.text).toContain('already exists');
    });

    it('verifies email with a code when that mode is on', async () => {
      const emu = await start({ modes: { emailVerification: true } });
      const { page } = await signInPage(emu);
      const signup = await call(emu, 'GET', /href="(\/oauth2\/signup[^"]+)"/.exec(page.text)![1]!);
      const verify = await submit(emu, form(signup.text).action, {
        ...form(signup.text).fields,
        email: 'ver@example.com',
        password: 'ver-pass',
      });
      expect(verify.text).toContain('name="code"');
      const { action, fields } = form(verify.text);
      const bad = await submit(emu, action, { ...fields, code: 'abc' });
      expect(bad.status).toBe(400);
      const ok = await submit(emu, action, {
        ...fields,
        code: emu.outbox.latest({ to: 'ver@example.com' })!.code!,
      });
      expect(ok.status).toBe(303);
      expect(new URL(ok.headers.get('location')!).searchParams.get('code')).toMatch(/^ac_/);
    });

    it('the reset page mails a link whose page sets a new password', async () => {
      const emu = await start();
      await register(emu, 'forgot@example.com', 'old-pass');
      const { page } = await signInPage(emu);
      const reset = await call(emu, 'GET', /href="(\/oauth2\/reset[^"]+)"/.exec(page.text)![1]!);
      const sent = await submit(emu, form(reset.text).action, {
        ...form(reset.text).fields,
        email: 'forgot@example.com',
      });
      expect(sent.text).toContain('Check your email');
      const mail = emu.outbox.latest({ to: 'forgot@example.com', kind: 'recovery' })!;
      const recovery = await call(emu, 'GET', pathOf(mail.link!));
      expect(recovery.headers.get('referrer-policy')).toBe('no-referrer');
      const saved = await submit(emu, form(recovery.text).action, {
        ...form(recovery.text).fields,
        password: 'brand-new',
      });
      expect(saved.text).toContain('Password saved');
      const { access_token } = await visitor(emu);
      const login = await call(emu, 'POST', '/_api/iam/authentication/v2/login', {
        token: access_token,
        body: { loginId: { email: 'forgot@example.com' }, password: 'brand-new' },
      });
      expect(login.body.state).toBe('SUCCESS');
    });
  });

  describe('GET /oauth2/logout', () => {
    it('returns to the post-flow URL and the member session is over', async () => {
      const emu = await start();
      const tokens = await member(emu, 'bye@example.com');
      const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: tokens.access_token,
        body: {
          logout: { clientId: emu.clientId },
          callbacks: { postFlowUrl: 'http://127.0.0.1:5173/' },
        },
      });
      expect(session.body.redirectSession.urlDetails.endpoint).toBe(`${emu.url}/oauth2/logout`);
      const page = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('http://127.0.0.1:5173/');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(
        (await call(emu, 'GET', '/v2/collections/query', { token: tokens.access_token })).status,
      ).toBe(401);
    });
  });

  describe('GET /checkout (hosted checkout)', () => {
    it('shows the order; Place order records it, takes stock, ends the cart and returns', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await simpleProduct(emu, access_token);
      const before = product.variants[0].stock.quantity as number;
      await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [lineItem(product.id, 2)] },
      });
      const checkout = await call(emu, 'POST', '/ecom/v1/carts/current/create-checkout', {
        token: access_token,
        body: { channelType: 'WEB', email: 'buyer@example.com' },
      });
      expect(checkout.body.checkoutId).toBeTypeOf('string');
      const session = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: {
          ecomCheckout: { checkoutId: checkout.body.checkoutId },
          callbacks: { postFlowUrl: 'http://localhost:5173/' },
        },
      });
      expect(session.body.redirectSession.urlDetails.endpoint).toBe(`${emu.url}/checkout`);
      const page = await call(emu, 'GET', pathOf(session.body.redirectSession.fullUrl));
      expect(page.text).toContain(product.name);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      // No address yet: shipping, tax and total are not known, so none is shown as $0.00.
      expect(page.text).not.toContain('Place order');
      expect(page.text).not.toMatch(/<th>(Tax|Total)/);
      expect(page.text).toContain('Shipping and tax depend on where the order goes');
      const review = await submit(emu, form(page.text).action, {
        ...form(page.text).fields,
        country: 'US',
        shippingOption: 'express',
      });
      expect(review.status).toBe(200);
      expect(review.text).toMatch(
        /<th>Shipping \(Express delivery\)<\/th><td><\/td><td class="n">\$14\.99/,
      );
      expect(review.text).toMatch(/<th>Tax \(8%\)<\/th>/);
      expect(review.text).toContain('Place order');
      const { action, fields } = form(review.text);
      const placed = await submit(emu, action, fields);
      expect(placed.status).toBe(303);
      expect(placed.headers.get('location')).toBe('http://localhost:5173/');
      // The ordered cart is no longer current (the platform deletes a bought V1 cart).
      const cart = await call(emu, 'GET', '/ecom/v1/carts/current', { token: access_token });
      expect(cart.status).toBe(404);
      expect(cart.body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
      const orders = emu.orders();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        email: 'buyer@example.com',
        lineItems: [{ catalogItemId: product.id, quantity: 2 }],
        shipping: { code: 'express', destinationCountry: 'US' },
      });
      const after = await call(emu, 'GET', `/stores-reader/v1/products/${product.id}`, {
        token: access_token,
      });
      expect(after.body.product.variants[0].stock.quantity).toBe(before - 2);
      expect((await submit(emu, action, fields)).status).toBe(400);
    });

    it("refuses another identity's checkout", async () => {
      const emu = await start();
      const a = await visitor(emu);
      const b = await visitor(emu);
      const product = await simpleProduct(emu, a.access_token);
      await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: a.access_token,
        body: { lineItems: [lineItem(product.id)] },
      });
      const checkout = await call(emu, 'POST', '/ecom/v1/carts/current/create-checkout', {
        token: a.access_token,
        body: {},
      });
      const stolen = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: b.access_token,
        body: { ecomCheckout: { checkoutId: checkout.body.checkoutId } },
      });
      expect(stolen.status).toBe(404);
    });
  });

  describe('other flows', () => {
    it('serves a product page for storesProduct and a placeholder for unemulated flows', async () => {
      const emu = await start();
      const { access_token } = await visitor(emu);
      const product = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: { storesProduct: { productSlug: 'classic-crew-tee' } },
      });
      const page = await call(emu, 'GET', pathOf(product.body.redirectSession.fullUrl));
      expect(page.text).toContain('Classic Crew Tee');
      const bookings = await call(emu, 'POST', '/_api/redirects-api/v1/redirect-session', {
        token: access_token,
        body: { bookingsCheckout: { slotAvailability: {} } },
      });
      const placeholder = await call(emu, 'GET', pathOf(bookings.body.redirectSession.fullUrl));
      expect(placeholder.text).toContain('bookingsCheckout');
    });
  });
});
