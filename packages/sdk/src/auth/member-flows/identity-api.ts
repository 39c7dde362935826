/**
 * `store.identity`: the platform's raw identity calls (authentication, recovery and
 * verification, under `/_api/iam/…`). They return the platform's answer as is;
 * `store.auth` builds the sign-in flows on them.
 */
import type { ApiCall } from '../../http/api-call.js';
import type { Transport } from '../../http/transport.js';
import type {
  AuthenticationResponse,
  LoginV1Request,
  LoginV2Request,
  LoginWithTokenParamsRequest,
  RecoverRequest,
  RegisterV1Request,
  RegisterV2Request,
  SendActivationEmailRequest,
  SendRecoveryEmailRequest,
  SignOnRequest,
  StartVerificationRequest,
} from '../../models/identity.js';
import { StoreSystemError } from '../../http/errors/system-error.js';
import { identityLogoutUrl } from './identity-logout-url.js';

const AUTHENTICATION = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery';
const VERIFICATION = '/_api/iam/verification';

/** Options every raw identity call accepts. */
export interface IdentityCallOptions {
  signal?: AbortSignal;
}

/** `store.identity.authentication`: register, sign in and out. */
export interface AuthenticationApi {
  /**
   * `POST /_api/iam/authentication/v1/register`.
   * @throws {StoreApiError} when the platform refuses (application codes such as `-19995`, email taken).
   */
  register(body: RegisterV1Request, options?: IdentityCallOptions): Promise<AuthenticationResponse>;
  /** `POST /_api/iam/authentication/v1/login`. @throws {StoreApiError} */
  login(body: LoginV1Request, options?: IdentityCallOptions): Promise<AuthenticationResponse>;
  /**
   * `POST /_api/iam/authentication/v2/register`: email and password.
   * @example
   * await store.identity.authentication.registerV2({ loginId: { email }, password });
   * @throws {StoreApiError} e.g. application code `-19995` when the email is taken.
   */
  registerV2(
    body: RegisterV2Request,
    options?: IdentityCallOptions,
  ): Promise<AuthenticationResponse>;
  /**
   * `POST /_api/iam/authentication/v2/login`: email and password.
   * @throws {StoreApiError} e.g. application code `-19976` for a wrong password.
   */
  loginV2(body: LoginV2Request, options?: IdentityCallOptions): Promise<AuthenticationResponse>;
  /** `POST /_api/iam/authentication/v2/change-password` for the signed-in member. @throws {StoreApiError} */
  changePassword(
    newPassword: string,
    options?: IdentityCallOptions,
  ): Promise<Record<string, unknown>>;
  /** `POST /_api/iam/authentication/v1/sso/login-with-token-params`. @throws {StoreApiError} */
  loginWithTokenParams(
    body: LoginWithTokenParamsRequest,
    options?: IdentityCallOptions,
  ): Promise<AuthenticationResponse>;
  /** `POST /_api/iam/authentication/v1/state/proceed`: continues a sign-in after its pending step. @throws {StoreApiError} */
  proceed(stateToken: string, options?: IdentityCallOptions): Promise<AuthenticationResponse>;
  /** `POST /_api/iam/authentication/v2/sign-on`: signs on a member by email (server side). @throws {StoreApiError} */
  signOn(body: SignOnRequest, options?: IdentityCallOptions): Promise<AuthenticationResponse>;
  /**
   * The address of `GET /_api/iam/authentication/v1/logout` to send the browser to: it ends the
   * platform's session and returns to `postLogoutRedirectUri`. Makes no call.
   * @example window.location.assign(store.identity.authentication.logoutUrl({ postLogoutRedirectUri: 'https://shop.example/' }));
   */
  logoutUrl(params?: { postLogoutRedirectUri?: string; clientId?: string }): string;
}

/** `store.identity.recovery`: password recovery and activation emails. */
export interface RecoveryApi {
  /** `POST /_api/iam/recovery/v1/send-email`: sends the password-reset email. @throws {StoreApiError} */
  sendEmail(
    body: SendRecoveryEmailRequest,
    options?: IdentityCallOptions,
  ): Promise<Record<string, unknown>>;
  /** `POST /_api/iam/recovery/v1/activation-email`. @throws {StoreApiError} */
  sendActivationEmail(
    body: SendActivationEmailRequest,
    options?: IdentityCallOptions,
  ): Promise<Record<string, unknown>>;
  /** `POST /_api/iam/recovery/v1/recover`: sets a new password with the emailed token. @throws {StoreApiError} */
  recover(body: RecoverRequest, options?: IdentityCallOptions): Promise<Record<string, unknown>>;
}

/** `store.identity.verification`: email verification codes. */
export interface VerificationApi {
  /** `POST /_api/iam/verification/v1/start`: sends a code. @throws {StoreApiError} */
  start(
    body: StartVerificationRequest,
    options?: IdentityCallOptions,
  ): Promise<Record<string, unknown>>;
  /** `POST /_api/iam/verification/v1/auth/verify`: checks a code during sign-in. @throws {StoreApiError} */
  verify(
    body: { code: string; stateToken: string },
    options?: IdentityCallOptions,
  ): Promise<AuthenticationResponse>;
  /** `POST /_api/iam/verification/v1/auth/resend`: sends the sign-in code again. @throws {StoreApiError} */
  resend(stateToken: string, options?: IdentityCallOptions): Promise<AuthenticationResponse>;
}

/** `store.identity`: every raw identity call. */
export interface StoreIdentity {
  authentication: AuthenticationApi;
  recovery: RecoveryApi;
  verification: VerificationApi;
}

// Wire field paths → the argument names a validation message should use.
const LOGIN_ARGUMENTS = { 'loginId.email': 'email', loginId: 'email' } as const;

/** Builds `store.identity` on a transport. */
export function createIdentityApi(
  transport: Transport,
  clientId: string,
  apiOrigin: string,
): StoreIdentity {
  function post<T>(
    path: string,
    body: unknown,
    options: IdentityCallOptions | undefined,
    extra: Partial<ApiCall> = {},
  ): Promise<T> {
    return transport.request<T>({
      method: 'POST',
      path,
      body,
      signal: options?.signal,
      ...extra,
    });
  }

  async function authenticate(
    path: string,
    body: unknown,
    options: IdentityCallOptions | undefined,
    secrets: (string | undefined)[] = [],
  ): Promise<AuthenticationResponse> {
    const answer = await post<Record<string, unknown>>(path, body, options, {
      argumentNames: LOGIN_ARGUMENTS,
      secrets: secrets.filter(
        (secret): secret is string => typeof secret === 'string' && secret !== '',
      ),
    });
    if (typeof answer.state !== 'string') {
      throw new StoreSystemError({
        message: `System error occurred: the answer of ${path} has no state`,
        status: 200,
        code: 'UNEXPECTED_RESPONSE',
        requestId: undefined,
        details: {},
        retryable: false,
      });
    }
    return answer as unknown as AuthenticationResponse;
  }

  return {
    authentication: {
      register: (body, options) => authenticate(`${AUTHENTICATION}/v1/register`, body, options),
      login: (body, options) => authenticate(`${AUTHENTICATION}/v1/login`, body, options),
      registerV2: (body, options) =>
        authenticate(`${AUTHENTICATION}/v2/register`, body, options, [body.password]),
      loginV2: (body, options) =>
        authenticate(`${AUTHENTICATION}/v2/login`, body, options, [body.password]),
      changePassword: (newPassword, options) =>
        post(`${AUTHENTICATION}/v2/change-password`, { newPassword }, options, {
          secrets: [newPassword],
        }),
      loginWithTokenParams: (body, options) =>
        authenticate(
          `${AUTHENTICATION}/v1/sso/login-with-token-params`,
          body,
          options,
          Object.values(body.tokenParams ?? {}),
        ),
      proceed: (stateToken, options) =>
        authenticate(`${AUTHENTICATION}/v1/state/proceed`, { stateToken }, options, [stateToken]),
      signOn: (body, options) => authenticate(`${AUTHENTICATION}/v2/sign-on`, body, options),
      logoutUrl: (params) => identityLogoutUrl(apiOrigin, clientId, params),
    },
    recovery: {
      sendEmail: (body, options) =>
        post(
          `${RECOVERY}/v1/send-email`,
          body.redirect === undefined
            ? body
            : {
                ...body,
                redirect: { ...body.redirect, clientId: body.redirect.clientId ?? clientId },
              },
          options,
          { argumentNames: { email: 'email' } },
        ),
      sendActivationEmail: (body, options) =>
        post(`${RECOVERY}/v1/activation-email`, body, options),
      recover: (body, options) =>
        post(`${RECOVERY}/v1/recover`, body, options, {
          secrets: [body.recoveryToken, body.password].filter((s) => typeof s === 'string'),
        }),
    },
    verification: {
      start: (body, options) =>
        post(`${VERIFICATION}/v1/start`, { target: 'EMAIL', ...body }, options),
      verify: (body, options) =>
        authenticate(`${VERIFICATION}/v1/auth/verify`, body, options, [body.code, body.stateToken]),
      resend: (stateToken, options) =>
        authenticate(`${VERIFICATION}/v1/auth/resend`, { stateToken }, options, [stateToken]),
    },
  };
}
