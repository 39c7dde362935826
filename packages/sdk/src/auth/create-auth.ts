/**
 * Wires the identity layer of one client: token store, renewal, tab sync, grants, hosted and
 * silent login, member flows, and the raw `store.identity` and `store.redirects` calls.
 */
import type { ResolvedStoreClientOptions } from '../client/options.js';
import { StoreArgumentError } from '../http/errors/argument-error.js';
import type { AuthorizationProvider, Transport } from '../http/transport.js';
import type { Tokens } from '../models/tokens.js';
import { getAuthUrl } from './auth-url.js';
import { StoreAuthError, StoreAuthErrorCodes } from './errors.js';
import { createGrants } from './grants.js';
import { createHostedLogin } from './hosted-login.js';
import { createIdentityApi, type StoreIdentity } from './identity-api.js';
import { createMemberFlows } from './member-flows.js';
import { checkRedirectUri, createOAuthData } from './oauth-data.js';
import { parseFromUrl } from './parse-from-url.js';
import { createPendingLogins } from './pending-logins.js';
import { randomString } from './pkce.js';
import { createRedirectSession, createRedirects, type StoreRedirects } from './redirects.js';
import { createRenewal, type Renewal } from './renewal.js';
import { currentOrigin } from './return-to.js';
import {
  canUseFrame,
  loginByRedirect,
  loginInFrame,
  type SilentLoginDeps,
} from './silent-login.js';
import type { StoreAuth } from './store-auth.js';
import { NO_TAB_SYNC, createTabSync } from './tab-sync.js';
import { createTokenStore, parseTokens } from './token-store.js';

/** The identity layer of one client, and the transport built around its token store. */
export interface IdentityLayer {
  transport: Transport;
  auth: StoreAuth;
  identity: StoreIdentity;
  redirects: StoreRedirects;
}

/**
 * Builds the identity layer of one client. `makeTransport` receives the authorization provider
 * (the token store) and returns the client's transport, which the grants then use.
 *
 * @throws {StoreArgumentError} when `options.tokens` is not a valid {@link Tokens} object.
 */
export function createIdentityLayer(
  options: ResolvedStoreClientOptions,
  makeTransport: (provider: AuthorizationProvider) => Transport,
): IdentityLayer {
  const initialTokens =
    options.tokens === undefined ? undefined : checkedTokens(options.tokens, 'options.tokens');
  let identityCounter = 0;
  const store = createTokenStore({
    clientId: options.clientId,
    storage: options.storage,
    initialTokens,
    now: options.now,
    newIdentityId: () => {
      try {
        return randomString(16, options.random);
      } catch {
        // Identity ids only tell identities apart across tabs; they guard nothing.
        return `${options.now().toString(36)}-${++identityCounter}`;
      }
    },
  });
  const tabSync = options.tabSync
    ? createTabSync({
        clientId: options.clientId,
        store,
        storage: options.storage,
        lockTimeout: Math.max(10_000, 2 * options.timeout),
      })
    : NO_TAB_SYNC;

  // The transport asks the renewal for tokens; the renewal's grants go through the transport.
  const late: { renewal?: Renewal } = {};
  const provider: AuthorizationProvider = {
    async getAuthorization(signal) {
      return (await late.renewal!.getValidTokens(signal)).accessToken.value;
    },
    onUnauthorized: (refused) => late.renewal!.onUnauthorized(refused),
  };
  const transport = makeTransport(provider);
  const grants = createGrants(transport, options.clientId, options.now);
  const renew = createRenewal({
    store,
    grants,
    tabSync,
    shared: options.tabSync,
    now: options.now,
  });
  late.renewal = renew;

  const redirects = createRedirects(transport);
  const identity = createIdentityApi(transport, options.clientId, options.hosts.api);
  const pending = createPendingLogins(options.storage, store.keyPrefix, options.now);
  const newOAuthData = (redirectUri: string, originalUri?: string) =>
    createOAuthData(redirectUri, originalUri, options.random);
  const authUrlDeps = {
    redirects,
    clientId: options.clientId,
    loginPageOrigins: options.loginPageOrigins,
  };
  const hosted = createHostedLogin({
    store,
    grants,
    pending,
    createOAuthData: newOAuthData,
    getAuthUrl: (data, urlOptions) => getAuthUrl(authUrlDeps, data, urlOptions),
  });
  const silentDeps: SilentLoginDeps = {
    createOAuthData: (redirectUri) => newOAuthData(redirectUri),
    getAuthUrl: (data, urlOptions) => getAuthUrl(authUrlDeps, data, urlOptions),
    exchange: (code, state, data) => hosted.getMemberTokens(code, state, data),
    fetch: options.fetch,
    timeout: options.timeout,
  };
  const directLogin = (sessionToken: string, redirectUri?: string): Promise<Tokens> => {
    const target = redirectUri ?? options.redirectUri ?? browserRedirectUri();
    if (target === undefined) {
      return Promise.reject(
        new StoreAuthError({
          code: StoreAuthErrorCodes.NOT_SUPPORTED,
          message:
            'Turning a session token into member tokens outside a browser needs a registered redirect URI: pass the `redirectUri` option',
        }),
      );
    }
    checkRedirectUri(target);
    return canUseFrame()
      ? loginInFrame(silentDeps, sessionToken, target)
      : loginByRedirect(silentDeps, sessionToken, target);
  };
  const flows = createMemberFlows({
    clientId: options.clientId,
    store,
    grants,
    renewal: renew,
    identity,
    createRedirectSession: (input, callOptions) =>
      createRedirectSession(transport, input, callOptions),
    pending,
    now: options.now,
    directLogin: (sessionToken) => directLogin(sessionToken),
  });

  function setTokens(tokens: Tokens): void {
    const next = checkedTokens(tokens, 'tokens');
    const current = store.getState().tokens;
    const sameIdentity =
      current !== undefined &&
      current.refreshToken.value === next.refreshToken.value &&
      current.refreshToken.role === next.refreshToken.role;
    store.commit(next, sameIdentity ? 'refresh' : 'tokens-set');
  }

  const auth: StoreAuth = {
    get role() {
      return store.getState().role;
    },
    isLoggedIn: () => store.getState().isLoggedIn,
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    onIdentityChange: (listener) => store.onIdentityChange(listener),
    getTokens: () => store.getState().tokens,
    setTokens,
    async getAuthHeaders() {
      const tokens = await renew.getValidTokens();
      return { headers: { Authorization: tokens.accessToken.value } };
    },
    async generateVisitorTokens(tokens) {
      if (tokens?.accessToken !== undefined && tokens.refreshToken !== undefined) {
        setTokens(tokens as Tokens);
      } else if (tokens?.refreshToken !== undefined) {
        if (tokens.refreshToken.value === store.getState().tokens?.refreshToken.value) {
          return renew.forceRefresh();
        }
        const fresh = await grants.refresh(tokens.refreshToken);
        setTokens(fresh);
        return store.getState().tokens ?? fresh;
      }
      return renew.getValidTokens();
    },
    async renewToken(refreshToken) {
      if (refreshToken?.value === store.getState().tokens?.refreshToken.value) {
        return renew.forceRefresh();
      }
      return grants.refresh(refreshToken);
    },
    generateOAuthData: (redirectUri, originalUri) => newOAuthData(redirectUri, originalUri),
    getAuthUrl: (data, urlOptions) => getAuthUrl(authUrlDeps, data, urlOptions),
    parseFromUrl: (url, responseMode) => parseFromUrl(url, responseMode),
    getMemberTokens: (code, state, data) =>
      store.track('signing-in', () => hosted.getMemberTokens(code, state, data)),
    loginWithRedirect: (redirectOptions) => hosted.loginWithRedirect(redirectOptions),
    handleRedirectCallback: (url) => hosted.handleRedirectCallback(url),
    getMemberTokensForDirectLogin: (sessionToken, directOptions) =>
      store.track('signing-in', () => directLogin(sessionToken, directOptions?.redirectUri)),
    register: (input) => flows.register(input),
    login: (input) => flows.login(input),
    processVerification: (input, state) => flows.processVerification(input, state),
    sendPasswordResetEmail: (email, redirectUri) =>
      flows.sendPasswordResetEmail(email, redirectUri),
    recoverPassword: (recoveryToken, password) => flows.recoverPassword(recoveryToken, password),
    logout: (originalUrl) => flows.logout(originalUrl),
    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      flows.getMemberTokensForExternalLogin(memberId, apiKey),
    captchaSiteKeys: options.captchaSiteKeys,
    dispose: () => tabSync.close(),
  };

  return { transport, auth, identity, redirects };
}

function checkedTokens(tokens: unknown, argument: string): Tokens {
  const parsed = parseTokens(tokens);
  if (parsed === undefined) {
    throw new StoreArgumentError(
      argument,
      'must be { accessToken: { value, expiresAt }, refreshToken: { value, role: "visitor" | "member" } }',
    );
  }
  return parsed;
}

function browserRedirectUri(): string | undefined {
  const origin = currentOrigin();
  return origin === undefined || !canUseFrame() ? undefined : `${origin}/`;
}
