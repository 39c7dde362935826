/**
 * Everything that signs a member in or out, wired for one client: the raw identity calls, the
 * hosted login page's address, the redirect flow, the silent (frame or redirect) login and the
 * member flows. Each is reached only through an async method of `store.auth` or
 * `store.identity`, so the auth layer (create-auth.ts) loads this module on first use.
 */
import type { AuthOptions } from './auth-options.js';
import type { Transport } from '../http/transport.js';
import type { Tokens } from '../models/tokens.js';
import { getAuthUrl, type AuthUrl, type AuthUrlOptions } from './hosted-login/auth-url.js';
import type { StoreAuth } from './store-auth.js';
import { StoreAuthError } from './store-auth-error.js';
import type { RenewalGrants } from './tokens/renewal-grants.js';
import { createHostedLogin, type HostedLogin } from './hosted-login/hosted-login.js';
import { createIdentityApi, type StoreIdentity } from './member-flows/identity-api.js';
import {
  createMemberFlows,
  type MemberFlows,
  type PendingVerification,
} from './member-flows/member-flows.js';
import { createMemberGrants } from './tokens/member-grants.js';
import { checkRedirectUri, type OAuthData } from './hosted-login/oauth-data.js';
import { createPendingLogins } from './hosted-login/pending-logins.js';
import { createRedirectSession, createRedirects } from '../redirects/redirect-session.js';
import type { Renewal } from './tokens/renewal.js';
import { currentOrigin } from './hosted-login/same-origin-path.js';
import {
  canUseFrame,
  loginByRedirect,
  loginInFrame,
  type SilentLoginDeps,
} from './hosted-login/silent-login.js';
import type { TabSync } from './tokens/tab-sync.js';
import type { TokenStore } from './tokens/token-store.js';
import { SERVER_SIGN_IN_METHODS, signInRefused } from './tokens/session-endpoint.js';

/** What the sign-in code needs from the auth layer, which keeps the client's state. */
export interface SignInDeps {
  options: AuthOptions;
  store: TokenStore;
  grants: RenewalGrants;
  renewal: Renewal;
  transport: Transport;
  /** New OAuth data (the same function as `store.auth.generateOAuthData`). */
  createOAuthData(redirectUri: string, originalUri?: string): OAuthData;
  pendingVerification: PendingVerification;
  /** The tabs' renewal lock and flags (Web Locks), also used while a redirect callback is handled. */
  tabs: Pick<TabSync, 'withLock'>;
}

/**
 * The methods of `store.auth` that sign a member in or out, as this module implements them:
 * `store.auth` calls them once it has loaded the module (and shows `status` meanwhile).
 */
export type SignInMethods = Pick<
  StoreAuth,
  | 'getAuthUrl'
  | 'getMemberTokens'
  | 'loginWithRedirect'
  | 'getMemberTokensForDirectLogin'
  | 'register'
  | 'login'
  | 'processVerification'
  | 'sendPasswordResetEmail'
  | 'recoverPassword'
  | 'getMemberTokensForExternalLogin'
>;

/** The sign-in code of one client. */
export interface SignIn {
  identity: StoreIdentity;
  methods: SignInMethods;
  hosted: HostedLogin;
  flows: MemberFlows;
}

/** Wires the sign-in code of one client. */
export function createSignIn(deps: SignInDeps): SignIn {
  const { options, store, transport } = deps;
  const grants = {
    ...deps.grants,
    ...createMemberGrants(transport, options.clientId, options.now),
  };
  const redirects = createRedirects(transport);
  const identity = createIdentityApi(transport, options.clientId, options.apiOrigin);
  const pending = createPendingLogins(options.storage, store.keyPrefix, options.now);
  const authUrlDeps = {
    redirects,
    clientId: options.clientId,
    loginPageOrigins: options.loginPageOrigins,
  };
  const authUrl = (data: OAuthData, urlOptions?: AuthUrlOptions): Promise<AuthUrl> =>
    getAuthUrl(authUrlDeps, data, urlOptions);
  const hosted = createHostedLogin({
    store,
    grants,
    pending,
    createOAuthData: (redirectUri, originalUri) => deps.createOAuthData(redirectUri, originalUri),
    getAuthUrl: authUrl,
    tabs: deps.tabs,
  });
  const silentDeps: SilentLoginDeps = {
    createOAuthData: (redirectUri) => deps.createOAuthData(redirectUri),
    getAuthUrl: authUrl,
    exchange: (code, state, data) => hosted.getMemberTokens(code, state, data),
    fetch: options.fetch,
    timeout: options.timeout,
  };
  // Where the silent login returns to; a missing one is a set-up error, named before anything runs.
  const redirectTarget = (redirectUri?: string): string => {
    const target = redirectUri ?? options.redirectUri ?? browserRedirectUri();
    if (target === undefined) {
      throw new StoreAuthError({
        code: 'NOT_SUPPORTED',
        message:
          "Turning a session token into member tokens outside a browser needs a registered redirect URI: pass the `redirectUri` option to createStoreClient (any address registered for the client id, such as the site's /callback; it is never loaded)",
      });
    }
    return target;
  };
  const directLogin = async (sessionToken: string, redirectUri?: string): Promise<Tokens> => {
    const target = redirectTarget(redirectUri);
    checkRedirectUri(target);
    return canUseFrame()
      ? loginInFrame(silentDeps, sessionToken, target)
      : loginByRedirect(silentDeps, sessionToken, target);
  };
  const flows = createMemberFlows({
    clientId: options.clientId,
    store,
    grants,
    renewal: deps.renewal,
    identity,
    createRedirectSession: (input, callOptions) =>
      createRedirectSession(transport, input, callOptions),
    pendingVerification: deps.pendingVerification,
    now: options.now,
    directLogin: (sessionToken) => directLogin(sessionToken),
    checkDirectLogin: () => void redirectTarget(),
  });

  const methods: SignInMethods = {
    getAuthUrl: authUrl,
    getMemberTokens: (code, state, data) => hosted.getMemberTokens(code, state, data),
    loginWithRedirect: (redirectOptions) => hosted.loginWithRedirect(redirectOptions),
    getMemberTokensForDirectLogin: (sessionToken, directOptions) =>
      directLogin(sessionToken, directOptions?.redirectUri),
    register: (input) => flows.register(input),
    login: (input) => flows.login(input),
    processVerification: (input, state) => flows.processVerification(input, state),
    sendPasswordResetEmail: (email, redirectUri) =>
      flows.sendPasswordResetEmail(email, redirectUri),
    recoverPassword: (recoveryToken, password) => flows.recoverPassword(recoveryToken, password),
    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      flows.getMemberTokensForExternalLogin(memberId, apiKey),
  };
  if (options.session !== undefined) {
    // A session kept by the shop's server: nothing here may hold a member's refresh token.
    for (const name of SERVER_SIGN_IN_METHODS) {
      if (name in methods) {
        (methods as Record<string, unknown>)[name] = () => Promise.reject(signInRefused(name));
      }
    }
    hosted.finishRedirectCallback = () => Promise.reject(signInRefused('handleRedirectCallback'));
  }
  return { identity, hosted, flows, methods };
}

function browserRedirectUri(): string | undefined {
  const origin = currentOrigin();
  return origin === undefined || !canUseFrame() ? undefined : `${origin}/`;
}
