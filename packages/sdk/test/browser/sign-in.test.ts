/**
 * Sign-in in a real browser (Chromium) against the emulator: the silent login's hidden frame and
 * the messages the browser delivers from it, a page script's forged message, and one redirect
 * callback handled in two tabs at once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../src/index.js';
import type { StoreClient } from '../../src/index.js';
import { CLIENT_ID, startBrowserRig, type BrowserRig } from './harness.js';

/** What the test's page holds: the bundled SDK, its client, and the grants it sent. */
interface ShopWindow {
  vitrine: typeof Sdk;
  store: StoreClient;
  grants: Record<string, unknown>[];
  sessionStates: string[];
}

let rig: BrowserRig;

beforeAll(async () => {
  rig = await startBrowserRig();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

/** Opens `path` of the page origin and builds the client there, recording what it sends. */
async function openShop(page: Page, path = '/'): Promise<void> {
  await page.goto(`${rig.origin}${path}`);
  await page.evaluate(
    ({ clientId, baseUrl }) => {
      const shop = window as unknown as ShopWindow;
      shop.grants = [];
      shop.sessionStates = [];
      shop.store = shop.vitrine.createStoreClient({
        clientId,
        baseUrl,
        fetch: async (input, init) => {
          const request = new Request(input, init);
          const path = new URL(request.url).pathname;
          if (path === '/oauth2/token') {
            shop.grants.push(JSON.parse(await request.clone().text()) as Record<string, unknown>);
          }
          if (path.endsWith('/redirect-session')) {
            const body = JSON.parse(await request.clone().text()) as {
              auth?: { authRequest?: { state?: string } };
            };
            const state = body.auth?.authRequest?.state;
            if (state) shop.sessionStates.push(state);
          }
          return fetch(request);
        },
      });
    },
    { clientId: CLIENT_ID, baseUrl: rig.emulator.url },
  );
}

const codeExchanges = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as ShopWindow).grants.filter((g) => g.grantType === 'authorization_code'),
  );

describe('sign-in in a browser', () => {
  it('register: the hosted page answers in a hidden frame, and the member is signed in', async () => {
    const context = await rig.browser.newContext();
    const page = await context.newPage();
    await openShop(page);
    const result = await page.evaluate(() =>
      (window as unknown as ShopWindow).store.auth.register({
        email: 'frame@example.com',
        password: 'A-long-passw0rd!',
      }),
    );
    expect(result.loginState).toBe('SUCCESS');
    expect(await page.evaluate(() => (window as unknown as ShopWindow).store.auth.role)).toBe(
      'member',
    );
    expect(await codeExchanges(page)).toHaveLength(1);
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });

  it("ignores a message a page script builds, however right it looks, and takes the frame's own", async () => {
    const context = await rig.browser.newContext();
    const page = await context.newPage();
    await openShop(page);
    // A hostile script on the page forges the frame's answer the moment the frame appears:
    // right origin, right source window, right type and state, its own code.
    await page.evaluate((loginOrigin) => {
      const shop = window as unknown as ShopWindow;
      new MutationObserver(() => {
        const frame = document.querySelector('iframe');
        const state = shop.sessionStates.at(-1);
        if (!frame?.contentWindow || !state) return;
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: loginOrigin,
            source: frame.contentWindow,
            data: { type: 'authorization_response', response: { code: 'forged-code', state } },
          }),
        );
      }).observe(document.body, { childList: true });
    }, rig.emulator.url);
    const result = await page.evaluate(() =>
      (window as unknown as ShopWindow).store.auth.login({
        email: 'frame@example.com',
        password: 'A-long-passw0rd!',
      }),
    );
    expect(result.loginState).toBe('SUCCESS');
    const exchanges = await codeExchanges(page);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.code).not.toBe('forged-code');
    await context.close();
  });

  it('an error answer from the frame rejects at once, with no code exchange, and the frame is gone', async () => {
    const context = await rig.browser.newContext();
    const page = await context.newPage();
    await openShop(page);
    const error = await page.evaluate(() =>
      (window as unknown as ShopWindow).store.auth
        .getMemberTokensForDirectLogin('not-a-session-token')
        .then(
          () => undefined,
          (e: { name: string; code: string; oauthError?: string }) => ({
            name: e.name,
            code: e.code,
            oauthError: e.oauthError,
          }),
        ),
    );
    expect(error).toEqual({
      name: 'StoreAuthError',
      code: 'AUTHORIZATION_ERROR',
      oauthError: 'login_required',
    });
    expect(await codeExchanges(page)).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });

  it('one callback opened in two tabs at once: one code exchange, and both tabs are the member', async () => {
    const context = await rig.browser.newContext();
    const first = await context.newPage();
    await openShop(first);
    // Start the hosted sign-in, sign in on the emulator's page, and stop on the return address.
    await first.evaluate((redirectUri) => {
      void (window as unknown as ShopWindow).store.auth.loginWithRedirect({
        redirectUri,
        originalUri: '/account',
      });
    }, `${rig.origin}/callback`);
    await first.waitForURL((url) => url.pathname === '/oauth2/authorize');
    await first.fill('#email', 'frame@example.com');
    await first.fill('#password', 'A-long-passw0rd!');
    await first.click('button[type=submit]');
    await first.waitForURL((url) => url.pathname === '/callback');
    const callback = first.url();
    expect(callback).toMatch(/#code=.+&state=/);

    const second = await context.newPage();
    await openShop(second, new URL(callback).pathname + new URL(callback).hash);
    await openShop(first, new URL(callback).pathname + new URL(callback).hash);
    const handle = (page: Page) =>
      page.evaluate(() =>
        (window as unknown as ShopWindow).store.auth.handleRedirectCallback().then(
          (result) => ({ role: result.tokens.refreshToken.role, originalUri: result.originalUri }),
          (e: { code: string }) => ({ error: e.code }),
        ),
      );
    const results = await Promise.all([handle(first), handle(second)]);
    expect(results).toEqual([
      { role: 'member', originalUri: '/account' },
      { role: 'member', originalUri: '/account' },
    ]);
    const exchanged = [...(await codeExchanges(first)), ...(await codeExchanges(second))];
    expect(exchanged).toHaveLength(1);
    // Both tabs hold the one session, and the platform still honours it.
    const refresh = (page: Page) =>
      page.evaluate(
        () => (window as unknown as ShopWindow).store.auth.getTokens()?.refreshToken.value,
      );
    expect(await refresh(first)).toBe(await refresh(second));
    for (const page of [first, second]) {
      const renewed = await page.evaluate(async () => {
        const { store } = window as unknown as ShopWindow;
        const tokens = await store.auth.renewToken(store.auth.getTokens()!.refreshToken);
        return tokens.refreshToken.role;
      });
      expect(renewed).toBe('member');
    }
    await context.close();
  });
});
