/**
 * Wires the auth layer of one client: the token store, renewal, tab sync and grants, which every
 * call needs, and `store.auth` and `store.identity` on top of them. It hands the client its
 * transport, authorized by the renewed tokens.
 *
 * Member sign-in and sign-out, the hosted and silent login and the raw identity calls are only
 * reached through async methods: they live in sign-in.ts, loaded on first use (sign-in-methods.ts),
 * so a storefront's first page does not download them. The calls about tokens given from outside
 * are in token-calls.ts. What must happen the moment such a method is called still happens here,
 * before the load: the `status` it shows, the local sign-out of `logout`, and
 * clearing the address bar in `handleRedirectCallback`.
 */
import type { AuthorizationProvider } from '../http/api-call.js';
import type { Transport } from '../http/transport.js';
import type { AuthOptions } from './auth-options.js';
import { createOAuthData } from './hosted-login/oauth-data.js';
import { parseFromUrl, takeRedirectCallback } from './hosted-login/parse-from-url.js';
import {
  STATE_PATTERN,
  clearPendingLogins,
  entryKey,
  safeRead,
} from './hosted-login/pending-login-storage.js';
import { randomString } from './hosted-login/pkce.js';
import type { StoreIdentity } from './member-flows/identity-api.js';
import type { PendingVerification } from './member-flows/member-flows.js';
import { createSignInMethods, type ClientSignIn } from './sign-in-methods.js';
import { checkedTokens, createTokenCalls } from './token-calls.js';
import type { StoreAuth } from './store-auth.js';
import { createRenewalGrants } from './tokens/renewal-grants.js';
import { createRenewal, type Renewal } from './tokens/renewal.js';
import { NO_TAB_SYNC, createTabSync } from './tokens/tab-sync.js';
import { createTokenStore, type TokenStore } from './tokens/token-store.js';
import type { TokenStorage } from './storage/types.js';
import type { RedirectCallbackResult } from './hosted-login/hosted-login.js';

/** The auth layer of one client. */
export interface StoreAuthLayer {
  auth: StoreAuth;
  identity: StoreIdentity;
  /** The client's transport: `http`, with each call authorized by the current tokens. */
  transport: Transport;
}

/**
 * Builds the auth layer of one client on `http`, a transport whose calls carry no token (the
 * grants say which header they send).
 *
 * @throws {StoreArgumentError} when `options.tokens` is not a valid `Tokens` object.
 */
export function createStoreAuth(options: AuthOptions, http: Transport): StoreAuthLayer {
  const initialTokens =
    options.tokens === undefined ? undefined : checkedTokens(options.tokens, 'options.tokens');
  const store = createTokenStore({
    clientId: options.clientId,
    storage: options.storage,
    initialTokens,
    now: options.now,
    newIdentityId: identityIds(options),
  });
  const tabSync = options.tabSync
    ? createTabSync({
        clientId: options.clientId,
        store,
        storage: options.storage,
        lockTimeout: options.lockTimeout,
      })
    : NO_TAB_SYNC;

  // Renewal's grants go through `http`, which authorizes nothing on its own; every other call
  // goes through `transport`, which asks renewal for the token.
  const { session } = options;
  const grants =
    session?.grants(options, store) ?? createRenewalGrants(http, options.clientId, options.now);
  const renew = createRenewal({
    store,
    grants,
    tabSync,
    shared: options.tabSync,
    now: options.now,
  });
  const transport = http.withAuthorization(authorizationOf(options.apiKey, renew));

  const newOAuthData = (redirectUri: string, originalUri?: string) =>
    createOAuthData(redirectUri, originalUri, options.random);
  // The sign-in waiting for its email code; in memory only, as its state token is a secret.
  const pendingVerification: PendingVerification = { stateToken: undefined };

  // Loaded on first use, to keep a storefront's first page small.
  const signIn = createSignInMethods({
    options,
    store,
    grants,
    renewal: renew,
    transport,
    createOAuthData: newOAuthData,
    pendingVerification,
    tabs: tabSync,
  });

  const auth: StoreAuth = {
    get role() {
      return store.getState().role;
    },
    isLoggedIn: () => store.getState().isLoggedIn,
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    onIdentityChange: (listener) => store.onIdentityChange(listener),
    getTokens: () => store.getState().tokens,
    ...createTokenCalls(store, renew, grants),
    generateOAuthData: (redirectUri, originalUri) => newOAuthData(redirectUri, originalUri),
    parseFromUrl: (url, responseMode) => parseFromUrl(url, responseMode),
    ...signIn.methods,
    handleRedirectCallback: (url) => handleRedirectCallback(options.storage, store, signIn, url),
    logout: (originalUrl) =>
      session?.refuse('logout') ??
      store.track('signing-out', async () => {
        // Signed out here first, whatever the platform answers (and before the sign-in chunk
        // loads): this also makes any grant still in flight stale, so it cannot bring the old
        // identity back.
        const previous = store.getState().tokens;
        pendingVerification.stateToken = undefined;
        clearPendingLogins(options.storage, store.keyPrefix);
        store.commit(undefined, 'logout');
        return (await signIn.load()).flows.endSession(previous, originalUrl);
      }),
    captchaSiteKeys: options.captchaSiteKeys,
    dispose: () => tabSync.close(),
  };

  return { auth, identity: signIn.identity, transport };
}

/** New identity ids: random, or, where no random source works, from the clock and a count. */
function identityIds({ random, now }: AuthOptions): () => string {
  let count = 0;
  return () => {
    try {
      return randomString(16, random);
    } catch {
      // Identity ids only tell identities apart across tabs; they guard nothing.
      return `${now().toString(36)}-${++count}`;
    }
  };
}

/** How the client's calls are authorized: the renewed access token, or a merchant's API key. */
function authorizationOf(apiKey: string | undefined, renew: Renewal): AuthorizationProvider {
  return apiKey === undefined
    ? {
        async getAuthorization(signal) {
          return (await renew.getValidTokens(signal)).accessToken.value;
        },
        onUnauthorized: (refused) => renew.onUnauthorized(refused),
      }
    : // A merchant-side client: its API key authorizes every call; there is nothing to renew.
      { getAuthorization: () => Promise.resolve(apiKey) };
}

/** `store.auth.handleRedirectCallback`: what happens at once here, the rest in the sign-in code. */
async function handleRedirectCallback(
  storage: TokenStorage,
  store: TokenStore,
  signIn: ClientSignIn,
  url: string | undefined,
): Promise<RedirectCallbackResult> {
  // The code and state leave the address bar before anything else, even the chunk, loads.
  const callback = takeRedirectCallback(url);
  // Whether this return's login is pending, as it is now: another tab handling the same
  // return may take it out while this one's code loads.
  const { state } = callback.params;
  const seen =
    state !== undefined && STATE_PATTERN.test(state)
      ? safeRead(storage, entryKey(store.keyPrefix, state))
      : undefined;
  const result = await (await signIn.load()).hosted.finishRedirectCallback({ ...callback, seen });
  await store.followersSettled();
  return result;
}
