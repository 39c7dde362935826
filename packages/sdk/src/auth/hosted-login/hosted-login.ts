/**
 * The hosted-login redirect flow: `loginWithRedirect` keeps the OAuth data and
 * sends the browser to the hosted page; `handleRedirectCallback` checks the return, exchanges
 * the code and stores the member tokens. Its first step, reading the return and clearing the
 * address bar, is `takeRedirectCallback` (parse-from-url.ts), which runs before this module
 * has loaded.
 */
import type { Prompt, ResponseMode } from '../../models/redirects.js';
import type { Tokens } from '../../models/tokens.js';
import type { AuthUrl, AuthUrlOptions } from './auth-url.js';
import { StoreAuthError } from '../store-auth-error.js';
import { memberTokensFailed } from '../sign-in-errors.js';
import type { MemberGrants } from '../tokens/member-grants.js';
import type { OAuthData } from './oauth-data.js';
import type { ReadCallback } from './parse-from-url.js';
import { TAKEN_LOGIN_REUSE_MS, type PendingLogins } from './pending-logins.js';
import { currentOrigin, toSameOriginPath } from './same-origin-path.js';
import { authorizationError } from './silent-login.js';
import type { TabSync } from '../tokens/tab-sync.js';
import type { TokenStore } from '../tokens/token-store.js';

/** Options of `loginWithRedirect`. */
export interface LoginWithRedirectOptions {
  /** The registered address the hosted page returns to. */
  redirectUri: string;
  /** Where to go after the return: a same-origin path (anything else becomes `/`). */
  originalUri?: string;
  /** @default 'login' */
  prompt?: Prompt;
  /** @default 'fragment' */
  responseMode?: Exclude<ResponseMode, 'web_message'>;
}

/**
 * How long a tab that finds its return taken by another tab waits for that tab's session to
 * reach its storage, in ms, and how often it looks.
 */
export const ADOPT_WAIT_MS = 5_000;
const ADOPT_POLL_MS = 50;

/** What `handleRedirectCallback` resolves with. */
export interface RedirectCallbackResult {
  /** The member tokens, already stored. */
  tokens: Tokens;
  /** The same-origin path given to `loginWithRedirect` (or `/`). */
  originalUri: string;
}

/** What the hosted login needs from the rest of the client. */
export interface HostedLoginDeps {
  store: TokenStore;
  grants: MemberGrants;
  pending: PendingLogins;
  createOAuthData(redirectUri: string, originalUri?: string): OAuthData;
  getAuthUrl(oauthData: OAuthData, options: AuthUrlOptions): Promise<AuthUrl>;
  /** The lock the tabs of this browser renew under, with the flags every tab sees (Web Locks). */
  tabs: Pick<TabSync, 'withLock'>;
}

/** The hosted-login flow of one client. */
export interface HostedLogin {
  getMemberTokens(code: string, state: string, oauthData: OAuthData): Promise<Tokens>;
  loginWithRedirect(options: LoginWithRedirectOptions): Promise<{ authUrl: string }>;
  /**
   * `handleRedirectCallback` once the return was read by `takeRedirectCallback`; `seen` is the
   * pending login's stored entry as it was when `handleRedirectCallback` was called.
   */
  finishRedirectCallback(
    callback: ReadCallback & { seen?: unknown },
  ): Promise<RedirectCallbackResult>;
}

/** Builds the hosted-login flow of one client. */
export function createHostedLogin(deps: HostedLoginDeps): HostedLogin {
  const { store, grants, pending } = deps;
  // The returns this tab exchanged: handled again here, they are replays.
  const exchangedHere = new Set<string>();

  // The member tokens another tab stored, if this tab's storage shows them yet.
  function adoptOtherTabSession(): Tokens | undefined {
    store.reconcile();
    const { role, tokens } = store.getState();
    return role === 'member' ? tokens : undefined;
  }

  /**
   * The session the tab that exchanged `state` made. A browser shows one tab's storage writes to
   * another a moment later (each tab's process keeps its own copy): the lock orders the two tabs,
   * but this tab may hear that the login was taken before it sees the tokens. So it looks again
   * for a while, and gives up early when the login is forgotten (the other tab's exchange failed).
   */
  async function sessionFromOtherTab(state: string): Promise<Tokens | undefined> {
    for (let waited = 0; ; waited += ADOPT_POLL_MS) {
      const adopted = adoptOtherTabSession();
      if (adopted !== undefined) return adopted;
      if (waited >= ADOPT_WAIT_MS || pending.returnAddressOf(state) === undefined) return undefined;
      await new Promise((resolve) => setTimeout(resolve, ADOPT_POLL_MS));
    }
  }

  const returnTo = (originalUri: string): string => toSameOriginPath(originalUri, currentOrigin());

  async function getMemberTokens(
    code: string,
    state: string,
    oauthData: OAuthData,
  ): Promise<Tokens> {
    if (!code || !state) {
      throw new StoreAuthError({
        code: 'MISSING_CODE_OR_STATE',
        message: 'Missing code or _state',
      });
    }
    if (state !== oauthData.state) {
      throw new StoreAuthError({
        code: 'INVALID_STATE',
        message: 'Invalid _state',
      });
    }
    let tokens: Tokens;
    try {
      tokens = await grants.authorizationCode({
        code,
        codeVerifier: oauthData.codeVerifier,
        redirectUri: oauthData.redirectUri,
      });
    } catch (error) {
      throw memberTokensFailed(error, [code, oauthData.codeVerifier]);
    }
    // A sign-in wins over any renewal still in flight: the commit starts a new generation.
    store.commit(tokens, 'login');
    return store.getState().tokens ?? tokens;
  }

  return {
    getMemberTokens,

    async loginWithRedirect(options) {
      const origin = currentOrigin();
      const originalUri = toSameOriginPath(options.originalUri ?? '/', origin);
      const oauthData = deps.createOAuthData(options.redirectUri, originalUri);
      const { authUrl } = await deps.getAuthUrl(oauthData, {
        prompt: options.prompt ?? 'login',
        responseMode: options.responseMode ?? 'fragment',
      });
      pending.save(oauthData);
      const location = (globalThis as { location?: Location }).location;
      if (typeof window !== 'undefined' && typeof location?.assign === 'function') {
        location.assign(authUrl);
      }
      return { authUrl };
    },

    async finishRedirectCallback({ params, duplicated, seen }) {
      if (duplicated) {
        throw new StoreAuthError({
          code: 'INVALID_STATE',
          message: 'Invalid _state',
        });
      }
      if (params.error !== undefined) {
        if (params.state !== undefined) pending.settle(params.state, false);
        throw authorizationError(params.error);
      }
      if (params.code === undefined || params.state === undefined) {
        throw new StoreAuthError({
          code: 'MISSING_CODE_OR_STATE',
          message: 'Missing code or _state',
        });
      }
      const { code, state } = params;
      // One-time in this tab: a return it already exchanged is a replay.
      if (exchangedHere.has(state)) {
        throw new StoreAuthError({ code: 'INVALID_STATE', message: 'Invalid _state' });
      }
      // The same return may be handled in two tabs (one address opened twice): one exchange
      // runs, under the lock the tabs renew under, and the other tab takes the session it made.
      // What tells that tab from a replay is the login's return address, kept (without the code
      // verifier) for a short while after its code was taken, or seen when this tab was called.
      const expected = pending.returnAddressOf(state, seen);
      const flag = `login-taken:${state}`;
      const exchanged = await deps.tabs.withLock(async (tabs) => {
        // Another tab took it, whatever this tab's storage shows yet (it may still show the
        // verifier): the flag, unlike storage, reaches every tab before the lock does.
        if (await tabs?.flagHeld(flag)) return undefined;
        // One-time: taken out before the exchange, so a replayed return cannot exchange again.
        const oauthData = pending.take(state);
        if (oauthData === undefined) return undefined;
        const releaseFlag = tabs?.holdFlag(flag, TAKEN_LOGIN_REUSE_MS);
        let signedIn = false;
        try {
          const tokens = await store.track('signing-in', () =>
            getMemberTokens(code, state, oauthData),
          );
          signedIn = true;
          exchangedHere.add(state);
          return { tokens, originalUri: returnTo(oauthData.originalUri) };
        } finally {
          pending.settle(state, signedIn);
          if (!signedIn) releaseFlag?.();
        }
      });
      if (exchanged !== undefined) return exchanged;
      // Taken by another tab (waited for outside the lock, so renewals are not held up).
      const adopted = expected === undefined ? undefined : await sessionFromOtherTab(state);
      if (adopted === undefined) {
        throw new StoreAuthError({ code: 'INVALID_STATE', message: 'Invalid _state' });
      }
      return { tokens: adopted, originalUri: returnTo(expected!) };
    },
  };
}
