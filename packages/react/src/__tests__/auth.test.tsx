import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
import { fakePlatform, json, testClient, wrapperFor } from './helpers.js';

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
