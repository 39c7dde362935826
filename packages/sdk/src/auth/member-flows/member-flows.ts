/**
 * Member sign-up and sign-in with email and password,
 * email verification, password recovery, the platform side of logout and the external-login
 * grant.
 *
 * The auth layer (create-auth.ts) loads this module on first use. So that `store.auth`'s
 * `status` still changes the moment a flow is called, it runs each flow inside `store.track`
 * itself, and signs out locally at once on logout; the flows here do the rest.
 */
import { isStoreApplicationError, isStoreValidationError } from '../../http/errors/type-guards.js';
import type {
  AuthenticationResponse,
  IdentityProfile,
  WireCaptchaToken,
} from '../../models/identity.js';
import {
  LoginErrorCode,
  LoginState,
  type CaptchaTokens,
  type LoginResult,
} from '../../models/login.js';
import type { Tokens } from '../../models/tokens.js';
import { memberTokensFailed, signInUnfinished } from '../sign-in-errors.js';
import type { RenewalGrants } from '../tokens/renewal-grants.js';
import type { MemberGrants } from '../tokens/member-grants.js';
import type { StoreIdentity } from './identity-api.js';
import type { RedirectSessionCallOptions } from '../../redirects/redirect-session.js';
import type { RedirectSessionRequest, RedirectSessionResponse } from '../../models/redirects.js';
import type { Renewal } from '../tokens/renewal.js';
import type { TokenStore } from '../tokens/token-store.js';

/** Input of `register`. */
export interface RegisterInput {
  email: string;
  password: string;
  /** Name, picture, custom fields… of the new member. */
  profile?: IdentityProfile;
  captchaTokens?: CaptchaTokens;
}

/** Input of `login`. */
export interface LoginInput {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

/** The member flows of one client. */
export interface MemberFlows {
  register(input: RegisterInput): Promise<LoginResult>;
  login(input: LoginInput): Promise<LoginResult>;
  processVerification(input: { code: string }, state?: LoginResult): Promise<LoginResult>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  recoverPassword(recoveryToken: string, password: string): Promise<void>;
  /**
   * The platform side of a logout, after the client signed out locally: ends the session of
   * `previous` (the departing identity's tokens) and returns the hosted logout address.
   */
  endSession(previous: Tokens | undefined, originalUrl: string): Promise<{ logoutUrl: string }>;
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>;
}

/**
 * The sign-in waiting for its email code. Held by the auth layer, in memory only (the state
 * token is a secret), so that logout can forget it before this module has loaded.
 */
export interface PendingVerification {
  stateToken: string | undefined;
}

/** What the member flows need from the rest of the client. */
export interface MemberFlowsDeps {
  clientId: string;
  store: TokenStore;
  grants: RenewalGrants & MemberGrants;
  renewal: Renewal;
  identity: StoreIdentity;
  /** Creates a redirect session, optionally with an exact Authorization header. */
  createRedirectSession(
    input: RedirectSessionRequest,
    options: RedirectSessionCallOptions,
  ): Promise<RedirectSessionResponse>;
  pendingVerification: PendingVerification;
  now: () => number;
  /** Turns a session token into stored member tokens (silent login). */
  directLogin(sessionToken: string): Promise<Tokens>;
  /**
   * Throws a `NOT_SUPPORTED` {@link StoreAuthError} when the silent login could not run here (no
   * redirect URI outside a browser): checked before the platform is asked anything, so a set-up
   * error never leaves a member created and signed in on the platform but not here.
   */
  checkDirectLogin(): void;
}

// Spec §8, as data.
const REGISTRATION_CODES: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': LoginErrorCode.missingCaptchaToken,
  '-19995': LoginErrorCode.emailAlreadyExists,
  '-19970': LoginErrorCode.invalidCaptchaToken,
};
const LOGIN_CODES: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': LoginErrorCode.missingCaptchaToken,
  '-19970': LoginErrorCode.invalidCaptchaToken,
  '-19976': LoginErrorCode.invalidPassword,
  '-19973': LoginErrorCode.resetPassword,
};

/** Builds the member flows of one client. */
export function createMemberFlows(deps: MemberFlowsDeps): MemberFlows {
  const outcomes = createOutcomes(deps);
  return {
    ...passwordSignIn(deps, outcomes),
    processVerification: (input, state) => verify(deps, outcomes, input, state),
    ...passwordRecovery(deps),
    endSession: (previous, originalUrl) => endSession(deps, previous, originalUrl),
    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      externalLoginTokens(deps, memberId, apiKey),
  };
}

/** What a step of a sign-in ends in, as the client shows it. */
interface Outcomes {
  /** Shows `result`'s login state (unless `keepState`) and returns it. */
  finish: (result: LoginResult, keepState?: boolean) => LoginResult;
  /** Spec §4: the provider's state → our login state, signing in on success. */
  settle: (response: AuthenticationResponse) => Promise<LoginResult>;
}

function createOutcomes(deps: MemberFlowsDeps): Outcomes {
  const { store, pendingVerification } = deps;

  function finish(result: LoginResult, keepState = false): LoginResult {
    if (!keepState) store.setLoginState(result.loginState);
    return result;
  }

  async function settle(response: AuthenticationResponse): Promise<LoginResult> {
    const data = response.identity === undefined ? {} : { identity: response.identity };
    switch (response.state) {
      case 'SUCCESS': {
        pendingVerification.stateToken = undefined;
        if (typeof response.sessionToken !== 'string' || response.sessionToken === '') {
          return finish(failure('Failed to get member tokens'));
        }
        try {
          await deps.directLogin(response.sessionToken);
        } catch (error) {
          // Not a refusal: the member is signed in on the platform. Hand the session back.
          store.setLoginState(LoginState.INITIAL);
          throw signInUnfinished(error, response.sessionToken);
        }
        return finish({ loginState: LoginState.SUCCESS, data });
      }
      case 'REQUIRE_OWNER_APPROVAL':
        pendingVerification.stateToken = undefined;
        return finish({ loginState: LoginState.OWNER_APPROVAL_REQUIRED, data });
      case 'REQUIRE_EMAIL_VERIFICATION': {
        if (typeof response.stateToken !== 'string' || response.stateToken === '') {
          return finish(failure('Unknown _state'));
        }
        pendingVerification.stateToken = response.stateToken;
        return finish({
          loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
          data: { ...data, stateToken: response.stateToken },
        });
      }
      case 'STATUS_CHECK':
      default:
        pendingVerification.stateToken = undefined;
        return finish(failure('Unknown _state'));
    }
  }

  return { finish, settle };
}

/** Sign-up and sign-in with email and password. */
function passwordSignIn(
  deps: MemberFlowsDeps,
  { finish, settle }: Outcomes,
): Pick<MemberFlows, 'register' | 'login'> {
  const { identity } = deps;
  return {
    async register(input) {
      deps.checkDirectLogin();
      let response: AuthenticationResponse;
      try {
        response = await identity.authentication.registerV2({
          loginId: { email: input.email },
          password: input.password,
          ...(input.profile === undefined ? {} : { profile: input.profile }),
          ...captchaField(input.captchaTokens),
        });
      } catch (error) {
        return finish(failure(messageOf(error), registrationErrorCode(error)));
      }
      return settle(response);
    },

    async login(input) {
      deps.checkDirectLogin();
      let response: AuthenticationResponse;
      try {
        response = await identity.authentication.loginV2({
          loginId: { email: input.email },
          password: input.password,
          ...captchaField(input.captchaTokens),
        });
      } catch (error) {
        return finish(failure(messageOf(error), loginErrorCode(error)));
      }
      return settle(response);
    },
  };
}

/** The email code of a sign-in waiting for it: `state`'s sign-in, or the one this client holds. */
async function verify(
  deps: MemberFlowsDeps,
  { finish, settle }: Outcomes,
  input: { code: string },
  state: LoginResult | undefined,
): Promise<LoginResult> {
  const stateToken =
    state !== undefined
      ? state.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED
        ? state.data?.stateToken
        : undefined
      : deps.store.getState().loginState === LoginState.EMAIL_VERIFICATION_REQUIRED
        ? deps.pendingVerification.stateToken
        : undefined;
  if (stateToken === undefined || stateToken === '') {
    return finish(failure('Unknown _state'));
  }
  deps.checkDirectLogin();
  let response: AuthenticationResponse;
  try {
    response = await deps.identity.verification.verify({ code: input.code, stateToken });
  } catch (error) {
    // A mistyped code: the sign-in still waits for the right one.
    return finish(failure(messageOf(error)), true);
  }
  return settle(response);
}

/** The forgotten password: the email with its link, then the new password. */
function passwordRecovery(
  deps: MemberFlowsDeps,
): Pick<MemberFlows, 'sendPasswordResetEmail' | 'recoverPassword'> {
  const { recovery } = deps.identity;
  return {
    async sendPasswordResetEmail(email, redirectUri) {
      await recovery.sendEmail({
        email,
        redirect: { url: redirectUri, clientId: deps.clientId },
      });
    },
    async recoverPassword(recoveryToken, password) {
      await recovery.recover({ recoveryToken, password });
    },
  };
}

/** The platform side of a logout: see {@link MemberFlows.endSession}. */
async function endSession(
  deps: MemberFlowsDeps,
  previous: Tokens | undefined,
  originalUrl: string,
): Promise<{ logoutUrl: string }> {
  // The logout session is asked for with the departing identity's token, so the platform
  // ends that session (its refresh token dies); an expired one is refreshed first.
  let header: string | undefined;
  if (previous !== undefined) {
    if (previous.accessToken.expiresAt * 1000 > deps.now()) header = previous.accessToken.value;
    else {
      try {
        header = (await deps.grants.refresh(previous.refreshToken)).accessToken.value;
      } catch {
        // The platform no longer knows that session: nothing is left to end.
      }
    }
  }
  const { redirectSession } = await deps.createRedirectSession(
    { logout: { clientId: deps.clientId }, callbacks: { postFlowUrl: originalUrl } },
    header === undefined ? {} : { authorization: { header } },
  );
  return { logoutUrl: redirectSession.fullUrl };
}

/** Member tokens for a member signed in elsewhere, through the API key's grant. */
async function externalLoginTokens(
  deps: MemberFlowsDeps,
  memberId: string,
  apiKey: string,
): Promise<Tokens> {
  const { store } = deps;
  const current = await deps.renewal.getValidTokens();
  let tokens: Tokens;
  try {
    tokens = await deps.grants.authorizedClient({
      memberId,
      accessToken: current.accessToken.value,
      apiKey,
    });
  } catch (error) {
    throw memberTokensFailed(error, [apiKey, current.accessToken.value]);
  }
  store.commit(tokens, 'login');
  return store.getState().tokens ?? tokens;
}

function failure(error: string, errorCode?: LoginErrorCode): LoginResult {
  return errorCode === undefined
    ? { loginState: LoginState.FAILURE, error }
    : { loginState: LoginState.FAILURE, error, errorCode };
}

function captchaField(tokens: CaptchaTokens | undefined): { captchaTokens?: WireCaptchaToken[] } {
  const wire: WireCaptchaToken[] = [];
  if (tokens?.recaptchaToken) wire.push({ Recaptcha: tokens.recaptchaToken });
  if (tokens?.invisibleRecaptchaToken)
    wire.push({ InvisibleRecaptcha: tokens.invisibleRecaptchaToken });
  return wire.length === 0 ? {} : { captchaTokens: wire };
}

function isEmailViolation(error: unknown): boolean {
  return (
    isStoreValidationError(error) &&
    error.fieldViolations.some((violation) => violation.data?.type === 'EMAIL')
  );
}

/** Spec §8 "Registration failures"; anything unlisted carries its message only. */
export function registrationErrorCode(error: unknown): LoginErrorCode | undefined {
  if (isEmailViolation(error)) return LoginErrorCode.invalidEmail;
  if (isStoreApplicationError(error)) return REGISTRATION_CODES[String(error.code)];
  return undefined;
}

/**
 * Spec §8 "Login failures": the listed codes, and `invalidEmail` for any other application
 * error. A failure that is not the platform refusing (network, outage, unreadable answer) gets
 * no code rather than a wrong one.
 */
export function loginErrorCode(error: unknown): LoginErrorCode | undefined {
  if (isEmailViolation(error)) return LoginErrorCode.invalidEmail;
  if (!isStoreApplicationError(error)) return undefined;
  return LOGIN_CODES[String(error.code)] ?? LoginErrorCode.invalidEmail;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Sign-in failed for an unknown reason';
}
