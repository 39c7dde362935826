import { QueryClient, focusManager, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoreAuthError } from '@vitrine/sdk';
import {
  useLogin,
  useLogout,
  usePasswordReset,
  useRedirectCallback,
  useRegister,
  useVerifyEmail,
} from '../auth/hooks.js';
import { useSession } from '../session/use-session.js';
import {
  advance,
  appWrapperFor,
  fakeClock,
  fakePlatform,
  json,
  loadSdkParts,
  settle,
  testClient,
  wrapperFor,
  type Route,
} from './helpers.js';

const LOGIN_PATH = 'POST /_api/iam/authentication/v2/login';
const REGISTER_PATH = 'POST /_api/iam/authentication/v2/register';
const REDIRECT_PATH = 'POST /_api/redirects-api/v1/redirect-session';

function redirectSession(request: { body: unknown }) {
  const body = request.body as { auth?: { authRequest: { state: string } }; logout?: unknown };
  const kind = body.auth ? 'oauth2/authorize' : 'oauth2/logout';
  return json({
    redirectSession: {
      id: 'rs1',
      fullUrl: `http://127.0.0.1:4999/${kind}?session=rs1`,
      urlDetails: { endpoint: `http://127.0.0.1:4999/${kind}` },
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in hooks', () => {
  describe('useLogin', () => {
    it('resolves a refused password as FAILURE with the spec error code, never throwing', async () => {
      const platform = fakePlatform({
        [LOGIN_PATH]: () =>
          json(
            {
              message: 'Wrong password',
              details: { applicationError: { code: '-19976', description: 'Wrong password' } },
            },
            400,
          ),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useLogin(), { wrapper: wrapperFor(client) });
      expect(result.current.loginState).toBe('INITIAL');
      await act(() =>
        result.current.mutateAsync({ email: 'ada@example.com', password: 'wrong-password' }),
      );
      // TanStack hands mutation results to React on its next tick.
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toMatchObject({
        loginState: 'FAILURE',
        errorCode: 'invalidPassword',
      });
      expect(result.current.loginState).toBe('FAILURE');
      expect(result.current.error).toBeNull();
      expect(JSON.stringify(result.current.data)).not.toContain('wrong-password');
    });

    it('moves to EMAIL_VERIFICATION_REQUIRED, which the verify hook then sees', async () => {
      const platform = fakePlatform({
        [LOGIN_PATH]: () =>
          json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st_verify-123456' }),
        'POST /_api/iam/verification/v1/auth/verify': () =>
          json(
            {
              message: 'Bad code',
              details: { applicationError: { code: 'BAD_CODE', description: 'Wrong code' } },
            },
            400,
          ),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => ({ login: useLogin(), verify: useVerifyEmail() }), {
        wrapper: wrapperFor(client),
      });
      await act(() =>
        result.current.login.mutateAsync({ email: 'ada@example.com', password: 'pw-123456' }),
      );
      await waitFor(() => expect(result.current.login.isSuccess).toBe(true));
      expect(result.current.login.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      expect(result.current.verify.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      await act(() => result.current.verify.mutateAsync({ code: '000000' }));
      await waitFor(() => expect(result.current.verify.isSuccess).toBe(true));
      const verifyCall = platform.received.find((r) => r.path.endsWith('/auth/verify'));
      expect(verifyCall?.body).toEqual({ code: '000000', stateToken: 'st_verify-123456' });
      expect(result.current.verify.data?.loginState).toBe('FAILURE');
    });
  });

  describe('loginState', () => {
    it("shows each hook's own last result, else the session's, and useSession follows the session", async () => {
      let code = 'wrong';
      const platform = fakePlatform({
        [LOGIN_PATH]: () =>
          json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st_verify-123456' }),
        'POST /_api/iam/verification/v1/auth/verify': () =>
          code === 'wrong'
            ? json(
                {
                  message: 'Bad code',
                  details: { applicationError: { code: 'BAD_CODE', description: 'Wrong code' } },
                },
                400,
              )
            : json({ state: 'REQUIRE_OWNER_APPROVAL' }),
        [REDIRECT_PATH]: redirectSession,
      });
      const client = testClient(platform.fetch);
      const states: Record<string, string>[] = [];
      const { result } = renderHook(
        () => {
          const hooks = {
            login: useLogin(),
            register: useRegister(),
            verify: useVerifyEmail(),
            session: useSession(),
          };
          states.push({
            login: hooks.login.loginState,
            register: hooks.register.loginState,
            verify: hooks.verify.loginState,
            session: hooks.session.loginState,
          });
          return hooks;
        },
        { wrapper: wrapperFor(client) },
      );
      const now = () => states.at(-1);
      expect(now()).toEqual({
        login: 'INITIAL',
        register: 'INITIAL',
        verify: 'INITIAL',
        session: 'INITIAL',
      });

      await act(() => result.current.login.mutateAsync({ email: 'a@b.co', password: 'pw-123456' }));
      await waitFor(() => expect(result.current.login.isSuccess).toBe(true));
      // No result of their own yet: register and verify show the session's state.
      expect(now()).toEqual({
        login: 'EMAIL_VERIFICATION_REQUIRED',
        register: 'EMAIL_VERIFICATION_REQUIRED',
        verify: 'EMAIL_VERIFICATION_REQUIRED',
        session: 'EMAIL_VERIFICATION_REQUIRED',
      });

      // A mistyped code: verify's own result is a FAILURE, the sign-in still waits for a code.
      await act(() => result.current.verify.mutateAsync({ code: '000000' }));
      await waitFor(() => expect(result.current.verify.isSuccess).toBe(true));
      expect(result.current.verify.data?.loginState).toBe('FAILURE');
      expect(now()).toEqual({
        login: 'EMAIL_VERIFICATION_REQUIRED',
        register: 'EMAIL_VERIFICATION_REQUIRED',
        verify: 'FAILURE',
        session: 'EMAIL_VERIFICATION_REQUIRED',
      });

      code = 'right';
      await act(() => result.current.verify.mutateAsync({ code: '123456' }));
      await waitFor(() =>
        expect(result.current.verify.data?.loginState).toBe('OWNER_APPROVAL_REQUIRED'),
      );
      // login keeps its own last result; register, with none, follows the session.
      expect(now()).toEqual({
        login: 'EMAIL_VERIFICATION_REQUIRED',
        register: 'OWNER_APPROVAL_REQUIRED',
        verify: 'OWNER_APPROVAL_REQUIRED',
        session: 'OWNER_APPROVAL_REQUIRED',
      });
    });
  });

  describe('useRegister', () => {
    it('reports an existing email with its code', async () => {
      const platform = fakePlatform({
        [REGISTER_PATH]: () =>
          json(
            {
              message: 'Email exists',
              details: { applicationError: { code: '-19995', description: 'Email exists' } },
            },
            409,
          ),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => useRegister(), { wrapper: wrapperFor(client) });
      await act(() =>
        result.current.mutateAsync({ email: 'ada@example.com', password: 'pw-123456' }),
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toMatchObject({
        loginState: 'FAILURE',
        errorCode: 'emailAlreadyExists',
      });
    });
  });

  describe('usePasswordReset', () => {
    it('sends the reset email and the new password', async () => {
      const platform = fakePlatform({
        'POST /_api/iam/recovery/v1/send-email': () => json({}),
        'POST /_api/iam/recovery/v1/recover': () => json({}),
      });
      const client = testClient(platform.fetch);
      const { result } = renderHook(() => usePasswordReset(), { wrapper: wrapperFor(client) });
      await act(() =>
        result.current.sendEmail.mutateAsync({
          email: 'ada@example.com',
          redirectUri: 'http://localhost:5173/reset',
        }),
      );
      await act(() =>
        result.current.recover.mutateAsync({
          recoveryToken: 'rec_token-1234',
          password: 'new-pw-1234',
        }),
      );
      await waitFor(() =>
        expect(result.current.sendEmail.isSuccess && result.current.recover.isSuccess).toBe(true),
      );
      expect(platform.received.find((r) => r.path.endsWith('/recover'))?.body).toEqual({
        recoveryToken: 'rec_token-1234',
        password: 'new-pw-1234',
      });
    });
  });

  describe('useRedirectCallback', () => {
    // Some of these count clock time; the SDK's parts loaded on first use are loaded before.
    beforeAll(() => loadSdkParts());

    it('exchanges the code exactly once under StrictMode and signs the member in', async () => {
      const platform = fakePlatform({ [REDIRECT_PATH]: redirectSession });
      const client = testClient(platform.fetch);
      // jsdom cannot navigate; it reports that on the console, which this test does not need.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await client.auth.loginWithRedirect({
          redirectUri: 'http://localhost:3000/callback',
          originalUri: '/account',
        });
      } finally {
        quiet.mockRestore();
      }
      const sent = platform.received.find((r) => r.path.endsWith('redirect-session'))?.body as {
        auth: { authRequest: { state: string } };
      };
      const callbackUrl = `http://localhost:3000/callback#code=code-abc123&state=${sent.auth.authRequest.state}`;
      const base = wrapperFor(client);
      const wrapper = ({ children }: { children: ReactNode }) => (
        <StrictMode>{base({ children })}</StrictMode>
      );
      const { result } = renderHook(
        () => ({ callback: useRedirectCallback(callbackUrl), role: useSession((s) => s.role) }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.callback.isSuccess).toBe(true));
      expect(result.current.callback.data?.originalUri).toBe('/account');
      expect(result.current.role).toBe('member');
      const exchanges = platform
        .grants()
        .filter((r) => (r.body as { grantType?: string }).grantType === 'authorization_code');
      expect(exchanges).toHaveLength(1);
    });

    it('reads the address once, so cleaning code and state from it starts no second exchange', async () => {
      const platform = fakePlatform({ [REDIRECT_PATH]: redirectSession });
      const client = testClient(platform.fetch);
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await client.auth.loginWithRedirect({ redirectUri: 'http://localhost:3000/callback' });
      } finally {
        quiet.mockRestore();
      }
      const sent = platform.received.find((r) => r.path.endsWith('redirect-session'))?.body as {
        auth: { authRequest: { state: string } };
      };
      // The page the platform returns to: the hook reads window.location itself.
      window.history.replaceState(
        null,
        '',
        `/callback#code=code-xyz789&state=${sent.auth.authRequest.state}`,
      );
      const { result, rerender } = renderHook(() => useRedirectCallback(), {
        wrapper: wrapperFor(client),
      });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      // The SDK cleaned the address bar; later renders must keep the first exchange's result.
      expect(window.location.hash).toBe('');
      rerender();
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.isError).toBe(false);
      const exchanges = platform
        .grants()
        .filter((r) => (r.body as { grantType?: string }).grantType === 'authorization_code');
      expect(exchanges).toHaveLength(1);
      window.history.replaceState(null, '', '/');
    });

    /** A client back from the hosted page: its pending login, and the address it returned to. */
    async function returnedFromHostedLogin(codeExchange?: Route) {
      const platform = fakePlatform(
        { [REDIRECT_PATH]: redirectSession },
        codeExchange === undefined ? {} : { codeExchange },
      );
      const client = testClient(platform.fetch);
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await client.auth.loginWithRedirect({
          redirectUri: 'http://localhost:3000/callback',
          originalUri: '/account',
        });
      } finally {
        quiet.mockRestore();
      }
      const sent = platform.received.find((r) => r.path.endsWith('redirect-session'))?.body as {
        auth: { authRequest: { state: string } };
      };
      const url = `http://localhost:3000/callback#code=code-abc123&state=${sent.auth.authRequest.state}`;
      const exchanges = () =>
        platform
          .grants()
          .filter((r) => (r.body as { grantType?: string }).grantType === 'authorization_code')
          .length;
      return { platform, client, url, exchanges };
    }

    // An app's own QueryClient on TanStack's defaults (retries, refetch on focus, reconnect and
    // mount of stale data, 5 minutes of cache): none of it may exchange the code again.
    it('exchanges once however the query is asked again: rerender, remount, focus, reconnect, invalidation', async () => {
      const { client, url, exchanges } = await returnedFromHostedLogin();
      const queryClient = new QueryClient();
      const wrapper = appWrapperFor(client, queryClient);
      const first = renderHook(() => useRedirectCallback(url), { wrapper });
      await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
      const result = first.result.current.data;
      expect(result?.originalUri).toBe('/account');
      first.rerender();
      first.unmount();

      const again = renderHook(() => useRedirectCallback(url), { wrapper });
      // A second component on the same page, mounted later.
      const another = renderHook(() => useRedirectCallback(url), { wrapper });
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
        onlineManager.setOnline(false);
        onlineManager.setOnline(true);
      });
      // None of these even ran the query again.
      const [query] = queryClient.getQueryCache().findAll({ queryKey: ['vitrine'] });
      expect(query?.state.dataUpdateCount).toBe(1);
      expect(query?.state.fetchStatus).toBe('idle');
      // Asked explicitly (an app refreshing everything after a sign-in), the query answers with
      // the exchange it made.
      await act(() => queryClient.invalidateQueries());
      await act(() => queryClient.refetchQueries());
      for (const hook of [again, another]) {
        expect(hook.result.current.status).toBe('success');
        expect(hook.result.current.data).toBe(result);
      }
      expect(exchanges()).toBe(1);
      expect(client.auth.role).toBe('member');
      focusManager.setFocused(undefined);
    });

    it('keeps the result for a remount long after, past TanStack’s default cache time', async () => {
      const { client, url, exchanges } = await returnedFromHostedLogin();
      fakeClock();
      const wrapper = appWrapperFor(client);
      const first = renderHook(() => useRedirectCallback(url), { wrapper });
      await settle();
      expect(first.result.current.isSuccess).toBe(true);
      first.unmount();
      await advance(60 * 60_000);
      const later = renderHook(() => useRedirectCallback(url), { wrapper });
      await settle();
      expect(later.result.current.status).toBe('success');
      expect(later.result.current.data?.originalUri).toBe('/account');
      expect(exchanges()).toBe(1);
    });

    it('shows a refused exchange at once and never tries the code again', async () => {
      const { client, url, exchanges } = await returnedFromHostedLogin(() =>
        json({ error: 'invalid_grant', error_description: 'code already used' }, 400),
      );
      fakeClock();
      // The app's QueryClient would retry 3 times, 1 s, 2 s and 4 s apart.
      const { result } = renderHook(() => useRedirectCallback(url), {
        wrapper: appWrapperFor(client),
      });
      await settle();
      expect(result.current.status).toBe('error');
      expect(result.current.error).toBeInstanceOf(StoreAuthError);
      expect(exchanges()).toBe(1);
      await advance(60_000);
      expect(exchanges()).toBe(1);
      expect(result.current.failureCount).toBe(1);
      expect(client.auth.role).not.toBe('member');
    });

    it('reports a wrong state as the SDK error, with no token request', async () => {
      const platform = fakePlatform();
      const client = testClient(platform.fetch);
      const { result } = renderHook(
        () => useRedirectCallback('http://localhost:3000/callback#code=c&state=forged-state'),
        { wrapper: wrapperFor(client) },
      );
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(result.current.error).toBeInstanceOf(StoreAuthError);
      expect(result.current.error?.message).toBe('Invalid _state');
      expect(platform.grants()).toHaveLength(0);
    });
  });

  describe('useLogout', () => {
    it('clears the session and returns the logout address', async () => {
      const platform = fakePlatform({ [REDIRECT_PATH]: redirectSession });
      const client = testClient(platform.fetch);
      await client.auth.getAuthHeaders();
      const { result } = renderHook(
        () => ({ logout: useLogout({ redirect: false }), role: useSession((s) => s.role) }),
        {
          wrapper: wrapperFor(client),
        },
      );
      expect(result.current.role).toBe('visitor');
      await act(() => result.current.logout.mutateAsync('http://localhost:3000/'));
      expect(result.current.role).toBe('none');
      await waitFor(() => expect(result.current.logout.isSuccess).toBe(true));
      expect(result.current.logout.data?.logoutUrl).toBe(
        'http://127.0.0.1:4999/oauth2/logout?session=rs1',
      );
    });
  });
});
