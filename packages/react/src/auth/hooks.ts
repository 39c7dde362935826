'use client';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useState } from 'react';
import type {
  LoginInput,
  LoginResult,
  LoginState,
  LoginWithRedirectOptions,
  RedirectCallbackResult,
  RegisterInput,
  VitrineError,
} from '@vitrine/sdk';
import { useRequiredClient } from '../context.js';
import { useSession } from '../session/use-session.js';

// Sign-in hooks add pending/error/result state around the SDK's member flows. `register`,
// `login` and verification never throw for a refused sign-in: their result is in `data`, with
// `loginState` also on the hook for convenience.

/** A sign-in mutation, plus the sign-in's `loginState`. */
export type LoginMutationResult<TVariables> = UseMutationResult<
  LoginResult,
  VitrineError,
  TVariables
> & {
  /**
   * This hook's last result's state, or the session's while it has none (so a verification
   * step started elsewhere shows `EMAIL_VERIFICATION_REQUIRED` here too).
   */
  loginState: LoginState;
};

function withLoginState<TVariables>(
  mutation: UseMutationResult<LoginResult, VitrineError, TVariables>,
  sessionState: LoginState,
): LoginMutationResult<TVariables> {
  return { ...mutation, loginState: mutation.data?.loginState ?? sessionState };
}

/**
 * Signs a member in with email and password. On `SUCCESS` the member's tokens are stored and
 * `useSession()` shows the member; `EMAIL_VERIFICATION_REQUIRED` continues with
 * {@link useVerifyEmail}; `FAILURE` carries `error` and, when the platform said why, `errorCode`.
 *
 * @example
 * const login = useLogin();
 * login.mutate({ email, password });
 * if (login.data?.errorCode === 'invalidPassword') …
 */
export function useLogin(): LoginMutationResult<LoginInput> {
  const { auth, clientId } = useRequiredClient('useLogin');
  const sessionState = useSession((session) => session.loginState);
  const mutation = useMutation<LoginResult, VitrineError, LoginInput>({
    mutationKey: ['vitrine', clientId, 'auth', 'login'],
    mutationFn: (input: LoginInput) => auth.login(input),
  });
  return withLoginState(mutation, sessionState);
}

/**
 * Registers a member with email and password (and optional profile and captcha tokens).
 * @example useRegister().mutate({ email, password, profile: { nickname: 'Ada' } });
 */
export function useRegister(): LoginMutationResult<RegisterInput> {
  const { auth, clientId } = useRequiredClient('useRegister');
  const sessionState = useSession((session) => session.loginState);
  const mutation = useMutation<LoginResult, VitrineError, RegisterInput>({
    mutationKey: ['vitrine', clientId, 'auth', 'register'],
    mutationFn: (input: RegisterInput) => auth.register(input),
  });
  return withLoginState(mutation, sessionState);
}

/**
 * Sends the emailed verification code of a sign-in or registration waiting in
 * `EMAIL_VERIFICATION_REQUIRED`. Without such a sign-in the result is `FAILURE` 'Unknown _state'.
 * @example useVerifyEmail().mutate({ code: '123456' });
 */
export function useVerifyEmail(): LoginMutationResult<{ code: string; state?: LoginResult }> {
  const { auth, clientId } = useRequiredClient('useVerifyEmail');
  const sessionState = useSession((session) => session.loginState);
  const mutation = useMutation<LoginResult, VitrineError, { code: string; state?: LoginResult }>({
    mutationKey: ['vitrine', clientId, 'auth', 'verify'],
    mutationFn: ({ code, state }: { code: string; state?: LoginResult }) =>
      auth.processVerification({ code }, state),
  });
  return withLoginState(mutation, sessionState);
}

/** The two steps of a password reset. */
export interface PasswordReset {
  /** Sends the reset email; its link leads to `redirectUri` with the recovery token. */
  sendEmail: UseMutationResult<void, VitrineError, { email: string; redirectUri: string }>;
  /** Sets the new password with the token from the email's link. */
  recover: UseMutationResult<void, VitrineError, { recoveryToken: string; password: string }>;
}

/**
 * Password reset: send the email, then set the new password from the link's token.
 * @example
 * const reset = usePasswordReset();
 * reset.sendEmail.mutate({ email, redirectUri: `${location.origin}/reset-password` });
 * reset.recover.mutate({ recoveryToken, password });
 */
export function usePasswordReset(): PasswordReset {
  const { auth, clientId } = useRequiredClient('usePasswordReset');
  const sendEmail = useMutation<void, VitrineError, { email: string; redirectUri: string }>({
    mutationKey: ['vitrine', clientId, 'auth', 'reset-email'],
    mutationFn: ({ email, redirectUri }: { email: string; redirectUri: string }) =>
      auth.sendPasswordResetEmail(email, redirectUri),
  });
  const recover = useMutation<void, VitrineError, { recoveryToken: string; password: string }>({
    mutationKey: ['vitrine', clientId, 'auth', 'recover'],
    mutationFn: ({ recoveryToken, password }: { recoveryToken: string; password: string }) =>
      auth.recoverPassword(recoveryToken, password),
  });
  return { sendEmail, recover };
}

/**
 * Starts a hosted login: keeps the PKCE data for the return and sends the browser to the
 * platform's sign-in page. Pending until the browser leaves.
 * @example useLoginWithRedirect().mutate({ redirectUri: `${location.origin}/callback`, originalUri: '/account' });
 */
export function useLoginWithRedirect(): UseMutationResult<
  { authUrl: string },
  VitrineError,
  LoginWithRedirectOptions
> {
  const { auth, clientId } = useRequiredClient('useLoginWithRedirect');
  return useMutation<{ authUrl: string }, VitrineError, LoginWithRedirectOptions>({
    mutationKey: ['vitrine', clientId, 'auth', 'login-with-redirect'],
    mutationFn: (options: LoginWithRedirectOptions) => auth.loginWithRedirect(options),
  });
}

/**
 * On the page the hosted login returns to: exchanges the code once (also under React's
 * StrictMode double effects), stores the member tokens and gives `originalUri` to go on to.
 * Errors are the SDK's ('Invalid _state', 'Missing code or _state', …).
 *
 * @example
 * const callback = useRedirectCallback();
 * if (callback.data) navigate(callback.data.originalUri);
 */
export function useRedirectCallback(
  url?: string,
): UseQueryResult<RedirectCallbackResult, VitrineError> {
  const { auth, clientId } = useRequiredClient('useRedirectCallback');
  // The return address identifies the exchange. It is read once, on the first render: the SDK
  // then removes code and state from the address bar, and reading it again would start a
  // second exchange of a different address.
  const [address] = useState(
    () => url ?? (typeof window === 'undefined' ? '' : window.location.href),
  );
  const queryClient = useQueryClient();
  const queryKey = ['vitrine', clientId, 'auth', 'redirect-callback', address] as const;
  return useQuery<RedirectCallbackResult, VitrineError, RedirectCallbackResult, typeof queryKey>({
    queryKey,
    // A code can be exchanged only once. Asked again (an app's `invalidateQueries()` after the
    // sign-in, `refetchQueries()`), the query answers with the exchange it already made.
    queryFn: () =>
      queryClient.getQueryData<RedirectCallbackResult>(queryKey) ??
      auth.handleRedirectCallback(address),
    enabled: address !== '',
    // Never again by retry, refocus, reconnect or remount, and kept for the page's life.
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Options of {@link useLogout}. */
export interface UseLogoutOptions {
  /**
   * Send the browser to the platform's logout page, which comes back to `originalUrl`.
   * @default true
   */
  redirect?: boolean;
}

/**
 * Signs out: both tokens are cleared at once (role `none`, the cart engine drops the member's
 * cart), then the platform's session is ended through its logout page.
 * @example useLogout().mutate(`${location.origin}/`);
 */
export function useLogout(
  options: UseLogoutOptions = {},
): UseMutationResult<{ logoutUrl: string }, VitrineError, string> {
  const { auth, clientId } = useRequiredClient('useLogout');
  const redirect = options.redirect ?? true;
  return useMutation<{ logoutUrl: string }, VitrineError, string>({
    mutationKey: ['vitrine', clientId, 'auth', 'logout'],
    mutationFn: async (originalUrl: string) => {
      const result = await auth.logout(originalUrl);
      if (redirect && typeof window !== 'undefined') window.location.assign(result.logoutUrl);
      return result;
    },
  });
}
