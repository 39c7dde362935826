/**
 * Wires the identity layer of one client: token store, renewal, tab sync and grants, which every
 * call needs, and `store.auth`, `store.identity` and `store.redirects` on top of them.
 *
 * Member sign-in and sign-out, the hosted and silent login, the raw identity calls and redirect
 * sessions are only reached through async methods: they live in sign-in.ts and redirects.ts,
 * which load on first use (client/on-demand.ts), so a storefront's first page does not download
 * them. What must happen the moment such a method is called still happens here, before the
 * load: the `status` it shows, the local sign-out of `logout`, and clearing the address bar in
 * `handleRedirectCallback`.
 */
import type { ResolvedStoreClientOptions } from '../client/options.js';
import { deferMethods, loadOnDemand, once } from '../client/lazy.js';
import { StoreArgumentError } from '../errors/argument-error.js';
import type { AuthorizationProvider, Transport } from '../http/transport.js';
import type { Tokens } from '../models/tokens.js';
import { createGrants } from './grants.js';
import type { StoreIdentity } from './identity-api.js';
import { identityLogoutUrl } from './logout-url.js';
import type { PendingVerification } from './member-flows.js';
import { createOAuthData } from './oauth-data.js';
import { parseFromUrl, takeRedirectCallback } from './parse-from-url.js';
import { clearPendingLogins } from './pending-login-storage.js';
import { randomString } from './pkce.js';
import type { StoreRedirects } from './redirects.js';
import { createRenewal, type Renewal } from './renewal.js';
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
  const { apiKey } = options;
  const provider: AuthorizationProvider =
    apiKey === undefined
      ? {
          async getAuthorization(signal) {
            return (await late.renewal!.getValidTokens(signal)).accessToken.value;
          },
          onUnauthorized: (refused) => late.renewal!.onUnauthorized(refused),
        }
      : // A merchant-side client: its API key authorizes every call; there is nothing to renew.
        { getAuthorization: () => Promise.resolve(apiKey) };
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

  const newOAuthData = (redirectUri: string, originalUri?: string) =>
    createOAuthData(redirectUri, originalUri, options.random);
  // The sign-in waiting for its email code; in memory only, as its state token is a secret.
  const pendingVerification: PendingVerification = { stateToken: undefined };

  // Loaded on first use (loadOnDemand) to keep a storefront's initial bundle small.
  const signIn = once(async () => {
    const { createSignIn } = await loadOnDemand();
    return createSignIn({
      options,
      store,
      grants,
      renewal: renew,
      transport,
      createOAuthData: newOAuthData,
      pendingVerification,
      withLock: (work) => tabSync.withLock(work),
    });
  });
  // `store.redirects` (the hosted checkout, any hosted page), also loaded on first use.
  const loadRedirects = once(async () => {
    const { createRedirects } = await loadOnDemand();
    return createRedirects(transport);
  });
  const redirects: StoreRedirects = deferMethods(loadRedirects, ['createSession']);
  const identityApi = async () => (await signIn()).identity;
  const identity: StoreIdentity = {
    authentication: {
      ...deferMethods(
        async () => (await identityApi()).authentication,
        [
          'register',
          'login',
          'registerV2',
          'loginV2',
          'changePassword',
          'loginWithTokenParams',
          'proceed',
          'signOn',
        ],
      ),
      logoutUrl: (params) => identityLogoutUrl(options.hosts.api, options.clientId, params),
    },
    recovery: deferMethods(
      async () => (await identityApi()).recovery,
      ['sendEmail', 'sendActivationEmail', 'recover'],
    ),
    verification: deferMethods(
      async () => (await identityApi()).verification,
      ['start', 'verify', 'resend'],
    ),
  };

  /**
   * Runs a sign-in with `status` showing it, and resolves once what the new identity set off
   * has settled too (the visitor's cart carried into the member's), so the caller's next read
   * of the cart already holds the visitor's lines.
   */
  async function signingIn<T>(work: () => Promise<T>): Promise<T> {
    return store.track('signing-in', async () => {
      const result = await work();
      await store.followersSettled();
      return result;
    });
  }

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
    getAuthUrl: async (data, urlOptions) => (await signIn()).getAuthUrl(data, urlOptions),
    parseFromUrl: (url, responseMode) => parseFromUrl(url, responseMode),
    // Each sign-in shows its status from the moment it is called, as the flows did before they
    // moved to a chunk that loads on first use.
    getMemberTokens: (code, state, data) =>
      signingIn(async () => (await signIn()).hosted.getMemberTokens(code, state, data)),
    loginWithRedirect: async (redirectOptions) =>
      (await signIn()).hosted.loginWithRedirect(redirectOptions),
    async handleRedirectCallback(url) {
      // The code and state leave the address bar before anything else, even the chunk, loads.
      const callback = takeRedirectCallback(url);
      const result = await (await signIn()).hosted.finishRedirectCallback(callback);
      await store.followersSettled();
      return result;
    },
    getMemberTokensForDirectLogin: (sessionToken, directOptions) =>
      signingIn(async () => (await signIn()).directLogin(sessionToken, directOptions?.redirectUri)),
    register: (input) => signingIn(async () => (await signIn()).flows.register(input)),
    login: (input) => signingIn(async () => (await signIn()).flows.login(input)),
    processVerification: (input, state) =>
      signingIn(async () => (await signIn()).flows.processVerification(input, state)),
    sendPasswordResetEmail: async (email, redirectUri) =>
      (await signIn()).flows.sendPasswordResetEmail(email, redirectUri),
    recoverPassword: async (recoveryToken, password) =>
      (await signIn()).flows.recoverPassword(recoveryToken, password),
    logout: (originalUrl) =>
      store.track('signing-out', async () => {
        // Signed out here first, whatever the platform answers (and before the sign-in chunk
        // loads): this also makes any grant still in flight stale, so it cannot bring the old
        // identity back.
        const previous = store.getState().tokens;
        pendingVerification.stateToken = undefined;
        clearPendingLogins(options.storage, store.keyPrefix);
        store.commit(undefined, 'logout');
        return (await signIn()).flows.endSession(previous, originalUrl);
      }),
    getMemberTokensForExternalLogin: (memberId, apiKey) =>
      signingIn(async () =>
        (await signIn()).flows.getMemberTokensForExternalLogin(memberId, apiKey),
      ),
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
