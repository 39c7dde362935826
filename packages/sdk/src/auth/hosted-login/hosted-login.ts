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
import { invalidState, memberTokensFailed, missingCodeOrState } from '../sign-in-errors.js';
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
  // The returns this tab exchanged: handled again here, they are replays.
  const exchangedHere = new Set<string>();
  return {
    getMemberTokens: (code, state, oauthData) => getMemberTokens(deps, code, state, oauthData),
    loginWithRedirect: (options) => loginWithRedirect(deps, options),
    async finishRedirectCallback({ params, duplicated, seen }) {
      if (duplicated) throw invalidState();
      if (params.error !== undefined) {
        if (params.state !== undefined) deps.pending.settle(params.state, false);
        throw authorizationError(params.error);
      }
      if (params.code === undefined || params.state === undefined) throw missingCodeOrState();
      const { code, state } = params;
      // One-time in this tab: a return it already exchanged is a replay.
      if (exchangedHere.has(state)) throw invalidState();
      // The same return may be handled in two tabs (one address opened twice): one exchange
      // runs, under the lock the tabs renew under, and the other tab takes the session it made.
      // What tells that tab from a replay is the login's return address, kept (without the code
      // verifier) for a short while after its code was taken, or seen when this tab was called.
      const expected = deps.pending.returnAddressOf(state, seen);
      const exchanged = await exchangeOnce(deps, code, state, exchangedHere);
      if (exchanged !== undefined) return exchanged;
      // Taken by another tab (waited for outside the lock, so renewals are not held up).
      const adopted = expected === undefined ? undefined : await sessionFromOtherTab(deps, state);
      if (adopted === undefined) throw invalidState();
      return { tokens: adopted, originalUri: returnTo(expected!) };
    },
  };
}

/** Keeps the OAuth data and sends the browser to the hosted page. */
async function loginWithRedirect(
  deps: HostedLoginDeps,
  options: LoginWithRedirectOptions,
): Promise<{ authUrl: string }> {
  const origin = currentOrigin();
  const originalUri = toSameOriginPath(options.originalUri ?? '/', origin);
  const oauthData = deps.createOAuthData(options.redirectUri, originalUri);
  const { authUrl } = await deps.getAuthUrl(oauthData, {
    prompt: options.prompt ?? 'login',
    responseMode: options.responseMode ?? 'fragment',
  });
  deps.pending.save(oauthData);
  const location = (globalThis as { location?: Location }).location;
  if (typeof window !== 'undefined' && typeof location?.assign === 'function') {
    location.assign(authUrl);
  }
  return { authUrl };
}

/** Exchanges a return's code for member tokens and stores them. */
async function getMemberTokens(
  { grants, store }: HostedLoginDeps,
  code: string,
  state: string,
  oauthData: OAuthData,
): Promise<Tokens> {
  if (!code || !state) throw missingCodeOrState();
  if (state !== oauthData.state) throw invalidState();
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

/**
 * The exchange of a pending login's code, once across the tabs of this browser (and noted in
 * `exchangedHere`): `undefined` when another tab took it (or it is no longer pending).
 */
async function exchangeOnce(
  deps: HostedLoginDeps,
  code: string,
  state: string,
  exchangedHere: Set<string>,
): Promise<RedirectCallbackResult | undefined> {
  const { pending } = deps;
  const flag = `login-taken:${state}`;
  return deps.tabs.withLock(async (tabs) => {
    // Another tab took it, whatever this tab's storage shows yet (it may still show the
    // verifier): the flag, unlike storage, reaches every tab before the lock does.
    if (await tabs?.flagHeld(flag)) return undefined;
    // One-time: taken out before the exchange, so a replayed return cannot exchange again.
    const oauthData = pending.take(state);
    if (oauthData === undefined) return undefined;
    const releaseFlag = tabs?.holdFlag(flag, TAKEN_LOGIN_REUSE_MS);
    let signedIn = false;
    try {
      const tokens = await deps.store.track('signing-in', () =>
        getMemberTokens(deps, code, state, oauthData),
      );
      signedIn = true;
      exchangedHere.add(state);
      return { tokens, originalUri: returnTo(oauthData.originalUri) };
    } finally {
      pending.settle(state, signedIn);
      if (!signedIn) releaseFlag?.();
    }
  });
}

/**
 * The session the tab that exchanged `state` made. A browser shows one tab's storage writes to
 * another a moment later (each tab's process keeps its own copy): the lock orders the two tabs,
 * but this tab may hear that the login was taken before it sees the tokens. So it looks again
 * for a while, and gives up early when the login is forgotten (the other tab's exchange failed).
 */
async function sessionFromOtherTab(
  { store, pending }: HostedLoginDeps,
  state: string,
): Promise<Tokens | undefined> {
  for (let waited = 0; ; waited += ADOPT_POLL_MS) {
    // The member tokens another tab stored, if this tab's storage shows them yet.
    store.reconcile();
    const { role, tokens } = store.getState();
    if (role === 'member' && tokens !== undefined) return tokens;
    if (waited >= ADOPT_WAIT_MS || pending.returnAddressOf(state) === undefined) return undefined;
    await new Promise((resolve) => setTimeout(resolve, ADOPT_POLL_MS));
  }
}

const returnTo = (originalUri: string): string => toSameOriginPath(originalUri, currentOrigin());
