/**
 * The identity part of the SDK against the local emulator on a free port: visitor grant,
 * registration with an emailed verification code, login, refresh-token rotation, logout,
 * password recovery, the hosted login page (followed with fetch, as a browser would) and the
 * external-login grant.
 */
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStoreClient,
  isStoreAuthError,
  memoryStorage,
  type StoreClient,
  type StoreClientOptions,
} from '../../src/index.js';

let emulator: Emulator;
const clients: StoreClient[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const client of clients) client.auth.dispose();
  await emulator.close();
});

beforeEach(async () => {
  await emulator.reset();
});

function client(options: Partial<StoreClientOptions> = {}): StoreClient {
  const store = createStoreClient({
    clientId: emulator.clientId,
    baseUrl: emulator.url,
    redirectUri: redirectUri(),
    storage: memoryStorage(),
    ...options,
  });
  clients.push(store);
  return store;
}

function redirectUri(): string {
  return emulator.redirectUris.find((uri) => uri.endsWith('/callback'))!;
}

function homeUri(): string {
  return redirectUri().replace(/callback$/, '');
}

async function registered(email: string, password: string): Promise<StoreClient> {
  const store = client();
  const result = await store.auth.register({ email, password });
  expect(result.loginState).toBe('SUCCESS');
  return store;
}

describe('auth against the emulator', () => {
  it('visitor grant: a new visitor whose token the API accepts', async () => {
    const store = client();
    const tokens = await store.auth.generateVisitorTokens();
    expect(store.auth.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const response = await store.fetch('/stores-reader/v1/products/query-platformized');
    expect(response.status).toBe(200);
    expect(store.auth.getTokens()).toEqual(tokens);
  });

  it('register with a verification code read from the outbox', async () => {
    await emulator.setModes({ emailVerification: true });
    const store = client();
    const email = 'verify-me@example.com';
    const first = await store.auth.register({ email, password: 'A-long-passw0rd!' });
    expect(first.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(store.auth.isLoggedIn()).toBe(false);

    const wrong = await store.auth.processVerification({ code: '000000' });
    const code = emulator.outbox.latest({ to: email, kind: 'verification' })?.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(wrong.loginState).toBe('FAILURE');
    // A mistyped code leaves the sign-in waiting for the right one.
    expect(store.auth.getState().loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const done = await store.auth.processVerification({ code: code! });
    expect(done.loginState).toBe('SUCCESS');
    expect(store.auth.getState()).toMatchObject({
      role: 'member',
      isLoggedIn: true,
      loginState: 'SUCCESS',
    });
  });

  it('login: member tokens through the session token, and typed failures', async () => {
    await registered('shopper@example.com', 'A-long-passw0rd!');
    const store = client();
    const events: string[] = [];
    store.auth.onIdentityChange((event) => events.push(event.reason));

    const wrong = await store.auth.login({ email: 'shopper@example.com', password: 'not-it' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const unknown = await store.auth.login({ email: 'nobody@example.com', password: 'x-x-x-x' });
    expect(unknown).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });

    const result = await store.auth.login({
      email: 'shopper@example.com',
      password: 'A-long-passw0rd!',
    });
    expect(result.loginState).toBe('SUCCESS');
    expect(store.auth.getState()).toMatchObject({ role: 'member', isLoggedIn: true });
    expect(events).toEqual(['visitor', 'login']);
    const response = await store.fetch('/ecom/v1/carts/current').catch((error: unknown) => error);
    // The member's token is accepted (an empty cart is a 404, not a 401).
    expect((response as { status?: number }).status).not.toBe(401);
  });

  it('refresh rotation: the new refresh token replaces the old one, which is dead', async () => {
    // Strict rotation: no reuse grace, so the rotated token is dead at once.
    const strict = await startEmulator({ port: 0, refreshReuseGraceSeconds: 0 });
    try {
      let now = Date.now();
      const store = client({ baseUrl: strict.url, now: () => now });
      const first = await store.auth.generateVisitorTokens();
      now += 14_400_000; // the access token (4 hours) now looks expired to the client
      await store.fetch('/stores-reader/v1/products/query-platformized');
      const second = store.auth.getTokens()!;
      expect(second.accessToken.value).not.toBe(first.accessToken.value);
      expect(second.refreshToken.value).not.toBe(first.refreshToken.value);
      expect(store.auth.role).toBe('visitor');

      const other = client({ baseUrl: strict.url });
      const error = await other.auth.renewToken(first.refreshToken).catch((e: unknown) => e);
      expect(isStoreAuthError(error) && error.code).toBe('INVALID_GRANT');
    } finally {
      await strict.close();
    }
  });

  it('refresh rotation with the reuse grace: a racing renewal gets the same new pair', async () => {
    const first = await client().auth.generateVisitorTokens();
    const [a, b] = await Promise.all([
      client().auth.renewToken(first.refreshToken),
      client().auth.renewToken(first.refreshToken),
    ]);
    expect(a.refreshToken.value).toBe(b.refreshToken.value);
    expect(a.accessToken.value).toBe(b.accessToken.value);
  });

  it('logout: tokens cleared, hosted logout address returned, refresh token dead', async () => {
    const store = await registered('leaving@example.com', 'A-long-passw0rd!');
    const member = store.auth.getTokens()!;
    const { logoutUrl } = await store.auth.logout(homeUri());
    expect(new URL(logoutUrl).origin).toBe(emulator.url);
    expect(store.auth.getState()).toMatchObject({
      tokens: undefined,
      role: 'none',
      isLoggedIn: false,
    });

    const page = await fetch(logoutUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(homeUri());

    const error = await client()
      .auth.renewToken(member.refreshToken)
      .catch((e: unknown) => e);
    expect(isStoreAuthError(error) && error.code).toBe('INVALID_GRANT');
  });

  it('password recovery: the emailed token sets a new password', async () => {
    await registered('forgetful@example.com', 'Old-passw0rd!');
    const store = client();
    await store.auth.sendPasswordResetEmail('forgetful@example.com', homeUri());
    const mail = emulator.outbox.latest({ to: 'forgetful@example.com', kind: 'recovery' });
    expect(mail?.recoveryToken).toEqual(expect.any(String));
    await store.auth.recoverPassword(mail!.recoveryToken!, 'New-passw0rd!');

    const old = await store.auth.login({
      email: 'forgetful@example.com',
      password: 'Old-passw0rd!',
    });
    expect(old).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const fresh = await store.auth.login({
      email: 'forgetful@example.com',
      password: 'New-passw0rd!',
    });
    expect(fresh.loginState).toBe('SUCCESS');
  });

  it('hosted login: the page form, then the code exchange with PKCE', async () => {
    await registered('hosted@example.com', 'A-long-passw0rd!');
    const store = client();
    const { authUrl } = await store.auth.loginWithRedirect({
      redirectUri: redirectUri(),
      originalUri: '/account',
    });
    expect(new URL(authUrl).origin).toBe(emulator.url);

    // What the browser does: load the page, post its form.
    const page = await fetch(authUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sessionId = /name="redirectSessionId" value="([^"]+)"/.exec(html)?.[1];
    // The form's anti-forgery token: the page's own POST carries it back.
    const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    expect(sessionId).toBeDefined();
    expect(formToken).toBeDefined();
    const form = new URLSearchParams({
      redirectSessionId: sessionId!,
      formToken: formToken!,
      email: 'hosted@example.com',
      password: 'A-long-passw0rd!',
    });
    const posted = await fetch(new URL('/oauth2/authorize', emulator.url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect([302, 303]).toContain(posted.status);
    const returnUrl = posted.headers.get('location')!;
    expect(returnUrl.startsWith(redirectUri())).toBe(true);

    const { tokens, originalUri } = await store.auth.handleRedirectCallback(returnUrl);
    expect(originalUri).toBe('/account');
    expect(tokens.refreshToken.role).toBe('member');
    expect(store.auth.isLoggedIn()).toBe(true);

    // The code is single use: a replayed return is refused before any token request.
    await expect(store.auth.handleRedirectCallback(returnUrl)).rejects.toMatchObject({
      message: 'Invalid _state',
    });
  });

  it('silent login outside a browser: a session token becomes member tokens', async () => {
    const store = client();
    const response = await store.identity.authentication.registerV2({
      loginId: { email: 'silent@example.com' },
      password: 'A-long-passw0rd!',
    });
    expect(response.state).toBe('SUCCESS');
    const tokens = await store.auth.getMemberTokensForDirectLogin(response.sessionToken!);
    expect(tokens.refreshToken.role).toBe('member');
    // Single use: the same session token cannot sign in twice.
    await expect(
      client().auth.getMemberTokensForDirectLogin(response.sessionToken!),
    ).rejects.toMatchObject({ name: 'StoreAuthError' });
  });

  it('external login: the authorized_client grant with the API key', async () => {
    const store = client();
    const response = await store.identity.authentication.registerV2({
      loginId: { email: 'external@example.com' },
      password: 'A-long-passw0rd!',
    });
    const memberId = response.identity?.id;
    expect(memberId).toEqual(expect.any(String));

    const server = client();
    const tokens = await server.auth.getMemberTokensForExternalLogin(memberId!, emulator.apiKey);
    expect(tokens.refreshToken.role).toBe('member');
    expect(server.auth.isLoggedIn()).toBe(true);

    const refused = await client()
      .auth.getMemberTokensForExternalLogin(memberId!, 'wrong-api-key')
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      name: 'StoreAuthError',
      message: 'Failed to get member tokens',
    });
  });
});
