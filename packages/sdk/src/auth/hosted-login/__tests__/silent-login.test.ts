// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../__tests__/helpers.js';
import { SILENT_LOGIN_TIMEOUT_MS } from '../silent-login.js';
import {
  BASE,
  SESSION_PATH,
  T0,
  clientOn,
  fakePlatform,
  sessionBodies,
  type FakePlatform,
} from '../../__tests__/fake-platform.js';

function platformWith(fullUrl = `${BASE}/oauth2/authorize?redirectSessionId=rs1`): FakePlatform {
  return fakePlatform({ [SESSION_PATH]: () => json({ redirectSession: { id: 'rs1', fullUrl } }) });
}

function client(platform: FakePlatform) {
  return clientOn(platform, { now: T0 }, { tabSync: false });
}

async function frameAppears(fake = false): Promise<HTMLIFrameElement> {
  for (let i = 0; i < 100; i++) {
    const frame = document.querySelector('iframe');
    if (frame) return frame;
    if (fake) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('no frame');
}

function post(data: unknown, origin: string, source: Window | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

function answerOf(platform: FakePlatform) {
  return sessionBodies(platform)[0]!.auth;
}

// The sign-in code loads on first use; load it before the tests that fake time.
beforeAll(async () => {
  await import('../../sign-in.js');
});

let removed: string[];
beforeEach(() => {
  removed = [];
  const original = window.removeEventListener.bind(window);
  vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    removed.push(type);
    original(type, listener, options);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('silent login (getMemberTokensForDirectLogin)', () => {
  // The browser delivers a frame's postMessage as a trusted event, which no script (and no
  // jsdom test) can build: exchanging the frame's code and its error answers are tested in
  // Chromium (test/browser/sign-in.test.ts). Here: what the login asks for, and every message it
  // must ignore.
  it('loads the web_message page in a hidden frame and ignores every message it did not get from that frame (checklist F21)', async () => {
    vi.useFakeTimers();
    const platform = platformWith();
    const store = client(platform);
    let outcome: unknown = 'pending';
    void store.auth.getMemberTokensForDirectLogin('st_session-token').catch((e: unknown) => {
      outcome = e;
    });
    const frame = await frameAppears(true);
    expect(frame.src).toBe(`${BASE}/oauth2/authorize?redirectSessionId=rs1`);
    expect(frame.style.display).toBe('none');
    const auth = answerOf(platform);
    expect(auth).toMatchObject({
      prompt: 'none',
      authRequest: {
        responseMode: 'web_message',
        sessionToken: 'st_session-token',
        redirectUri: 'http://localhost:3000/',
      },
    });
    const state = auth.authRequest.state as string;
    const good = { type: 'authorization_response', response: { code: 'good', state } };
    // A script's MessageEvent, right in every other way (issue 12): not trusted, so ignored.
    post(good, BASE, frame.contentWindow);
    post(
      { ...good, response: { code: 'evil-origin', state } },
      'https://evil.example',
      frame.contentWindow,
    );
    post({ ...good, response: { code: 'evil-window', state } }, BASE, window);
    post({ ...good, response: { code: 'no-source', state } }, BASE, null);
    post({ type: 'other', response: { code: 'evil-type', state } }, BASE, frame.contentWindow);
    post(
      { ...good, response: { code: 'evil-state', state: 'not-ours' } },
      BASE,
      frame.contentWindow,
    );
    post('a string', BASE, frame.contentWindow);
    await vi.advanceTimersByTimeAsync(1000);
    expect(platform.grants('authorization_code')).toHaveLength(0);
    expect(outcome).toBe('pending');
    expect(document.querySelector('iframe')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(SILENT_LOGIN_TIMEOUT_MS);
    expect(outcome).toMatchObject({ code: 'OAUTH_TIMEOUT' });
    expect(platform.grants('authorization_code')).toHaveLength(0);
  });

  it('fails at exactly 120000 ms with "OAuth flow timed out" and cleans up (checklist F23)', async () => {
    vi.useFakeTimers();
    const platform = platformWith();
    const store = client(platform);
    let outcome: unknown = 'pending';
    void store.auth.getMemberTokensForDirectLogin('st_session-token').catch((e: unknown) => {
      outcome = e;
    });
    await frameAppears(true);
    await vi.advanceTimersByTimeAsync(SILENT_LOGIN_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    expect(document.querySelector('iframe')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({
      name: 'StoreAuthError',
      message: 'OAuth flow timed out',
      code: 'OAUTH_TIMEOUT',
    });
    expect(SILENT_LOGIN_TIMEOUT_MS).toBe(120_000);
    expect(document.querySelector('iframe')).toBeNull();
    expect(removed).toContain('message');
    expect(store.auth.getState().status).toBe('idle');
  });

  it.each([
    ['a foreign https host', 'https://evil.example/oauth2/authorize'],
    ['http on a public host', 'http://evil.example/oauth2/authorize'],
    ['javascript:', 'javascript:parent.alert(1)'],
  ])('never loads %s (checklist F24)', async (_label, fullUrl) => {
    const platform = platformWith(fullUrl);
    const store = client(platform);
    await expect(
      store.auth.getMemberTokensForDirectLogin('st_session-token'),
    ).rejects.toMatchObject({
      code: 'UNSAFE_URL',
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('loads an https login page on a configured origin', async () => {
    vi.useFakeTimers();
    const platform = platformWith('https://login.example.com/authorize?x=1');
    const store = clientOn(
      platform,
      { now: T0 },
      {
        tabSync: false,
        loginPageOrigins: ['https://login.example.com'],
      },
    );
    const login = store.auth
      .getMemberTokensForDirectLogin('st_session-token')
      .catch((e: unknown) => e);
    const frame = await frameAppears(true);
    expect(frame.src).toBe('https://login.example.com/authorize?x=1');
    await vi.advanceTimersByTimeAsync(SILENT_LOGIN_TIMEOUT_MS);
    await expect(login).resolves.toMatchObject({ code: 'OAUTH_TIMEOUT' });
  });
});
