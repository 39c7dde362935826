/**
 * Signing in with a password as a form post: what the form says is checked before the platform
 * is called, and wherever `returnTo` points, the member lands on a path of the shop.
 */
import type * as NextServerModule from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVitrineProxy } from '../../proxy/index.js';
import { sessionRequest } from '../../proxy/__tests__/helpers.js';
import {
  Redirected,
  cookiesOf,
  form,
  startCountedStore,
  visitorSession,
  type CountedStore,
  type RequestScope,
} from './helpers.js';

type NextServer = typeof NextServerModule;

const next = vi.hoisted((): RequestScope => ({ jar: new Map(), refreshed: 0, afterwards: [] }));

vi.mock('next/headers', () => ({
  cookies: () => Promise.resolve(cookiesOf(next)),
  headers: () => Promise.resolve(new Headers({ host: 'localhost:3000' })),
}));

vi.mock('next/server', async (original) => ({
  ...(await original<NextServer>()),
  connection: () => Promise.resolve(),
  after: (task: () => unknown) => next.afterwards.push(task),
}));

vi.mock('next/navigation', async () => {
  const { Redirected: Thrown } = await import('./helpers.js');
  return {
    redirect: (to: string) => {
      throw new Thrown(to);
    },
  };
});

const { signIn, signOut } = await import('../member.js');

let store: CountedStore;
const EMAIL = 'form-member@example.com';
const PASSWORD = 'pass-word-1';

beforeAll(async () => {
  store = await startCountedStore();
  vi.stubEnv('VITRINE_CLIENT_ID', store.emulator.clientId);
  // The store itself: the SDK loads the hosted login only from the store's own origin.
  vi.stubEnv('VITRINE_API_URL', store.emulator.url);
  const jar = new Map<string, string>();
  await visitorSession(jar);
  const grant = await fetch(`${store.emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: store.emulator.clientId, grantType: 'anonymous' }),
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const registered = await fetch(`${store.emulator.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: { email: EMAIL }, password: PASSWORD }),
  });
  expect(registered.status).toBe(200);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await store.close();
});

beforeEach(async () => {
  next.jar.clear();
  await visitorSession(next.jar);
  store.reset();
});

/** Where a sign-in posted with `returnTo` sends the member. */
async function landing(returnTo: string | Blob): Promise<string> {
  const posted = form([
    ['email', EMAIL],
    ['password', PASSWORD],
    ['returnTo', returnTo],
  ]);
  const thrown = await signIn({ status: 'idle' }, posted).then(
    (state) => state,
    (error: unknown) => error,
  );
  expect(thrown, JSON.stringify(thrown)).toBeInstanceOf(Redirected);
  return (thrown as Redirected).to;
}

describe('actions/member', () => {
  describe('signIn', () => {
    it('signs the member in and goes to the path asked for', async () => {
      expect(await landing('/account?tab=orders')).toBe('/account?tab=orders');
      expect(store.emulator.grants().authorization_code).toBeGreaterThan(0);
    });

    it.each([
      '//evil.com',
      'https://evil.com/account',
      'http://localhost:3000.evil.com/',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '%2F%2Fevil.com',
      'javascript:alert(1)',
      'evil.com',
    ])('keeps the member on the site when returnTo is %j', async (returnTo) => {
      const to = await landing(returnTo);
      expect(to.startsWith('/')).toBe(true);
      expect(to.startsWith('//')).toBe(false);
      expect(new URL(to, 'http://localhost:3000').origin).toBe('http://localhost:3000');
    });

    it('goes home for a returnTo too long or not a text, rather than failing the sign-in', async () => {
      expect(await landing(`/${'a'.repeat(3000)}`)).toBe('/');
      expect(await landing(new Blob(['/account']))).toBe('/');
    });

    it('asks for what is missing before calling the platform', async () => {
      // Through the counting forwarder: no request may reach it.
      vi.stubEnv('VITRINE_API_URL', store.url);
      const noEmail = await signIn({ status: 'idle' }, form([['password', PASSWORD]]));
      expect(noEmail).toEqual({ status: 'error', message: 'Enter your email.', field: 'email' });
      const noPassword = await signIn({ status: 'idle' }, form([['email', EMAIL]]));
      expect(noPassword).toEqual({
        status: 'error',
        message: 'Enter your password.',
        field: 'password',
      });
      const hugePassword = await signIn(
        { status: 'idle' },
        form([
          ['email', EMAIL],
          ['password', 'p'.repeat(257)],
        ]),
      );
      expect(hugePassword).toMatchObject({ status: 'error', field: 'password' });
      const hugeEmail = await signIn(
        { status: 'idle' },
        form([
          ['email', `${'e'.repeat(320)}@example.com`],
          ['password', PASSWORD],
        ]),
      );
      expect(hugeEmail).toMatchObject({ status: 'error', code: 'BAD_ARGUMENT', field: 'email' });
      expect(store.calls()).toBe(0);
      vi.stubEnv('VITRINE_API_URL', store.emulator.url);
    });

    // Issue 36: `a.get is not a function`, a 500 (`returnPath(form)` ran outside the `try`).
    it.each([['a text'], [['a', 'list']], [{ get: 'not a function' }], [undefined], [null]])(
      'invoked by id with %j instead of a form, answers why, calling no platform',
      async (given) => {
        vi.stubEnv('VITRINE_API_URL', store.url);
        const state = await signIn({ status: 'idle' }, given as unknown as FormData);
        expect(state).toMatchObject({ status: 'error', code: 'BAD_ARGUMENT', field: 'form' });
        expect(store.calls()).toBe(0);
        vi.stubEnv('VITRINE_API_URL', store.emulator.url);
      },
    );

    it('says a wrong password without repeating it or saying whether the email exists', async () => {
      const wrong = await signIn(
        { status: 'idle' },
        form([
          ['email', EMAIL],
          ['password', 'not-the-pass-canary'],
        ]),
      );
      const unknown = await signIn(
        { status: 'idle' },
        form([
          ['email', 'nobody@example.com'],
          ['password', 'not-the-pass-canary'],
        ]),
      );
      expect(wrong.status).toBe('error');
      expect(wrong.message).toBe(unknown.message);
      expect(JSON.stringify([wrong, unknown])).not.toContain('canary');
    });
  });

  describe('signOut', () => {
    /** Where signing out (with `given` as its form) sends the shopper. */
    async function signedOut(given: unknown): Promise<string> {
      const thrown = await signOut(given as FormData).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Redirected);
      return (thrown as Redirected).to;
    }

    it.each([['a text'], [['a', 'list']], [{ get: 'not a function' }], [undefined]])(
      'invoked by id with %j instead of a form, still signs out, and goes home',
      async (given) => {
        await landing('/');
        const to = await signedOut(given);
        expect(new URL(to).origin).toBe(store.emulator.url);
        expect([...next.jar.keys()].some((name) => name.endsWith('.tokens'))).toBe(false);
      },
    );

    it('a copy of the session kept from before is not vouched for: /_vitrine/session answers a visitor', async () => {
      await landing('/account');
      const kept = [...next.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const { anonymous } = store.emulator.grants();
      await signedOut(form([['returnTo', '/']]));
      const answer = await createVitrineProxy()(sessionRequest(kept));
      expect(((await answer.json()) as { role: string }).role).toBe('visitor');
      // Signing out itself minted no one: only that later first use of the store did.
      expect(store.emulator.grants().anonymous).toBe(anonymous + 1);
    });

    it('without a session, goes back without minting a visitor to sign out', async () => {
      next.jar.clear();
      vi.stubEnv('VITRINE_API_URL', store.url);
      expect(await signedOut(form([['returnTo', '/cart']]))).toBe('http://localhost:3000/cart');
      expect(store.calls()).toBe(0);
      vi.stubEnv('VITRINE_API_URL', store.emulator.url);
    });
  });
});
