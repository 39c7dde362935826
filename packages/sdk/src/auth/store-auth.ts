import type { LoginResult } from '../models/login.js';
import type { ResponseMode } from '../models/redirects.js';
import type { RefreshToken, TokenRole, Tokens } from '../models/tokens.js';
import type { AuthState, IdentityChangeEvent } from './auth-state.js';
import type { AuthUrl, AuthUrlOptions } from './hosted-login/auth-url.js';
import type {
  LoginWithRedirectOptions,
  RedirectCallbackResult,
} from './hosted-login/hosted-login.js';
import type { LoginInput, RegisterInput } from './member-flows/member-flows.js';
import type { OAuthData } from './hosted-login/oauth-data.js';
import type { OAuthCallbackParams } from './hosted-login/parse-from-url.js';

/**
 * `store.auth`: the client's identity. Holds the tokens and their role (none, visitor, member),
 * renews them on its own, and signs members in and out.
 *
 * Errors: identity failures throw {@link StoreAuthError} (see its `code`); calls the platform
 * refuses throw {@link StoreApiError}; `register`, `login` and `processVerification` never throw
 * for a failed sign-in but resolve with a `FAILURE` {@link LoginResult}.
 */
export interface StoreAuth {
  /** Role of the current tokens: `'none'`, `'visitor'` or `'member'`. */
  readonly role: TokenRole;
  /**
   * `true` only when the refresh token's role is `member`.
   * @example if (store.auth.isLoggedIn()) showAccountLink();
   */
  isLoggedIn(): boolean;
  /**
   * The current {@link AuthState}: an immutable snapshot, the same object until something
   * changes (fit for React's `useSyncExternalStore`).
   * @example const { role, status, error } = store.auth.getState();
   */
  getState(): AuthState;
  /**
   * Calls `listener` after each change of the state, with the new and the previous snapshot.
   * @returns a function that unsubscribes.
   * @example const stop = store.auth.subscribe((state) => render(state.role));
   */
  subscribe(listener: (state: AuthState, previous: AuthState) => void): () => void;
  /**
   * Calls `listener` after new tokens are committed whenever the identity behind them changed
   * (new visitor, sign-in, logout, ended session, `setTokens` with another identity, or one of
   * these in another tab). Not for a plain refresh.
   * @returns a function that unsubscribes.
   * @example
   * store.auth.onIdentityChange(({ reason, previousTokens }) => {
   *   if (reason === 'login') mergeVisitorCart(previousTokens);
   * });
   */
  onIdentityChange(listener: (event: IdentityChangeEvent) => unknown): () => void;
  /** The current tokens, or `undefined` with role `none`. */
  getTokens(): Tokens | undefined;
  /**
   * Replaces the tokens (for example with tokens read from a cookie). Tokens of another
   * identity emit an identity change (`tokens-set`).
   * @example store.auth.setTokens(JSON.parse(cookie));
   * @throws {StoreArgumentError} when `tokens` is not a valid {@link Tokens} object.
   */
  setTokens(tokens: Tokens): void;
  /**
   * A valid `Authorization` header, renewing the tokens first when they are missing or about to
   * expire (a new visitor when there are none).
   * @example const { headers } = await store.auth.getAuthHeaders(); fetch(url, { headers });
   * @throws {StoreAuthError} when renewal fails (`retryable` tells whether to try again).
   */
  getAuthHeaders(): Promise<{ headers: { Authorization: string } }>;
  /**
   * Valid tokens: `tokens` if given (stored first), renewed if needed; new visitor tokens when
   * there are none.
   * @example const tokens = await store.auth.generateVisitorTokens();
   * @throws {StoreAuthError} when the grant fails.
   */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>;
  /**
   * The refresh grant for `refreshToken`. For the client's own refresh token the result is
   * stored (a rotated refresh token replaces the old one); for another it is only returned.
   * @throws {StoreAuthError} `INVALID_GRANT` when the token is dead, `TOKEN_ENDPOINT_UNREACHABLE`…
   */
  renewToken(refreshToken: RefreshToken): Promise<Tokens>;
  /**
   * New OAuth data for a hosted login: PKCE verifier and S256 challenge, random state.
   * @param originalUri where to return after the login (a same-origin path).
   * @example const data = store.auth.generateOAuthData('https://shop.example/callback', '/account');
   * @throws {StoreArgumentError} when `redirectUri` is not an absolute http(s) URL.
   * @throws {StoreAuthError} `NO_CRYPTO` without a secure random source.
   */
  generateOAuthData(redirectUri: string, originalUri?: string): OAuthData;
  /**
   * The hosted login page for `oauthData` (an `auth` redirect session), checked to be https on
   * an allowed origin.
   * @default prompt 'login', responseMode 'fragment'
   * @example const { authUrl } = await store.auth.getAuthUrl(data, { prompt: 'login' });
   * @throws {StoreAuthError} `UNSAFE_URL`; {@link StoreApiError} when the platform refuses.
   */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<AuthUrl>;
  /**
   * Reads `code`, `state`, `error`, `error_description` from a return address.
   * @default url window.location.href; responseMode: whichever of fragment and query has them
   * @example const { code, state } = store.auth.parseFromUrl();
   */
  parseFromUrl(url?: string, responseMode?: ResponseMode): OAuthCallbackParams;
  /**
   * Exchanges an authorization code (with the PKCE verifier of `oauthData`) for member tokens
   * and stores them.
   * @throws {StoreAuthError} 'Missing code or _state', 'Invalid _state', 'Failed to get member tokens'.
   */
  getMemberTokens(code: string, state: string, oauthData: OAuthData): Promise<Tokens>;
  /**
   * Keeps new OAuth data for the return (in the client's storage, keyed by state) and sends
   * the browser to the hosted login page. Outside a browser, only returns the address.
   * @example await store.auth.loginWithRedirect({ redirectUri: `${location.origin}/callback`, originalUri: '/account' });
   * @throws {StoreAuthError} `UNSAFE_URL`; {@link StoreApiError} when the platform refuses.
   */
  loginWithRedirect(options: LoginWithRedirectOptions): Promise<{ authUrl: string }>;
  /**
   * On return from the hosted page: removes `code` and `state` from the address bar, checks
   * the state (one-time), exchanges the code and stores the member tokens.
   * @default url window.location.href
   * @example const { originalUri } = await store.auth.handleRedirectCallback(); router.replace(originalUri);
   * @throws {StoreAuthError} 'Missing code or _state', 'Invalid _state' (wrong, reused or
   * duplicated state), `AUTHORIZATION_ERROR`, 'Failed to get member tokens'.
   */
  handleRedirectCallback(url?: string): Promise<RedirectCallbackResult>;
  /**
   * Turns a session token into stored member tokens without showing a page: a hidden frame in
   * browsers (120000 ms limit), the hosted page's redirect elsewhere.
   * @param options.redirectUri the registered return address. @default the client's
   * `redirectUri` option, or `${location.origin}/` in browsers
   * @throws {StoreAuthError} 'OAuth flow timed out', `AUTHORIZATION_ERROR` (`login_required`),
   * `UNSAFE_URL`, 'Failed to get member tokens', `NOT_SUPPORTED` (no redirect URI on a server).
   */
  getMemberTokensForDirectLogin(
    sessionToken: string,
    options?: { redirectUri?: string },
  ): Promise<Tokens>;
  /**
   * Registers a member with email and password; on `SUCCESS` the member is signed in.
   * @example const result = await store.auth.register({ email, password });
   */
  register(input: RegisterInput): Promise<LoginResult>;
  /**
   * Signs a member in with email and password; on `SUCCESS` the member tokens are stored.
   * @example
   * const result = await store.auth.login({ email, password });
   * if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') askForCode();
   */
  login(input: LoginInput): Promise<LoginResult>;
  /**
   * Sends the emailed code of a sign-in in `EMAIL_VERIFICATION_REQUIRED`. `state` is that
   * sign-in's result, when another client started it; otherwise this client's pending sign-in.
   * 'Unknown _state' when there is none.
   * @example await store.auth.processVerification({ code: '123456' });
   */
  processVerification(input: { code: string }, state?: LoginResult): Promise<LoginResult>;
  /**
   * Sends the password-reset email; its link leads to `redirectUri`.
   * @throws {StoreApiError}
   */
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  /**
   * Sets a new password with the token of the reset email.
   * @throws {StoreApiError}
   */
  recoverPassword(recoveryToken: string, password: string): Promise<void>;
  /**
   * Signs out: clears both tokens and every pending login (role `none`) and returns the hosted
   * logout address that ends the platform's session and comes back to `originalUrl`.
   * @example const { logoutUrl } = await store.auth.logout(location.origin + '/'); location.assign(logoutUrl);
   * @throws {StoreApiError} when the logout session cannot be created (the client is signed out anyway).
   */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  /**
   * Member tokens for `memberId` through the `authorized_client` grant (server side, with the
   * store's API key), stored as the client's.
   * @throws {StoreAuthError} 'Failed to get member tokens'.
   */
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>;
  /** The captcha site keys to render. */
  readonly captchaSiteKeys: { visible: string; invisible: string };
  /** Stops listening to other tabs. Call when a long-lived client is thrown away. */
  dispose(): void;
}
