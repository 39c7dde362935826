/**
 * The token store of one client: a `zustand/vanilla` store (never module-level, so two server
 * requests never share tokens) of the {@link AuthState}, written through to a
 * {@link TokenStorage}, with identity-change events. It makes no network call: renewal and the
 * sign-in flows commit into it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LoginState } from '../../models/login.js';
import type { Tokens } from '../../models/tokens.js';
import type { AuthStatus, IdentityChangeReason } from '../../models/auth.js';
import type { AuthState, IdentityChangeEvent } from '../auth-state.js';
import type { TokenStorage } from '../storage/types.js';
import { createBusyStatus } from './busy-status.js';
import { tellListeners, type IdentityListener } from './identity-listeners.js';
import { copyTokens, roleOf, sameTokens } from './parse-tokens.js';
import { readTokenRecord, writeTokenRecord } from './stored-tokens.js';

/** How a commit relates to the identity before it: `refresh` keeps it, the others change it. */
export type CommitReason = IdentityChangeReason | 'refresh';

/** Listener of {@link TokenStore.subscribe}. */
export type AuthStateListener = (state: AuthState, previous: AuthState) => void;

/** The token store of one client. */
export interface TokenStore {
  getState(): AuthState;
  subscribe(listener: AuthStateListener): () => void;
  /**
   * Calls `listener` after each identity change. A listener may return a promise of work that
   * follows the change (carrying a cart over); {@link followersSettled} waits for it.
   */
  onIdentityChange(listener: (event: IdentityChangeEvent) => unknown): () => void;
  /** Settles once the work the last identity change started in its listeners has settled. */
  followersSettled(): Promise<void>;
  /** Counts identity changes; a grant that started under another generation is discarded. */
  readonly generation: number;
  /** When the current tokens were received (epoch ms), when this client received them. */
  readonly receivedAt: number | undefined;
  /** Commits new tokens (or none) and tells storage, listeners and other tabs. */
  commit(tokens: Tokens | undefined, reason: CommitReason): void;
  /** Adopts what storage holds when another tab changed it. `true` when something changed. */
  reconcile(): boolean;
  /**
   * Writes the tokens the client was built with to storage, the first time they are used (not
   * when the client is built: building reads no clock or random value and writes nothing).
   */
  storeGivenTokens(): void;
  setLoginState(loginState: LoginState): void;
  setError(error: Error | undefined): void;
  /** Runs `work` with `status` showing it. */
  track<T>(status: Exclude<AuthStatus, 'idle'>, work: () => Promise<T>): Promise<T>;
  /** Called after each commit of this client (not after adopting another tab's). */
  onCommit(listener: () => void): () => void;
  /** The storage key prefix of this client: `vitrine:<clientId>:`. */
  readonly keyPrefix: string;
}

/** Options of {@link createTokenStore}. */
export interface TokenStoreOptions {
  clientId: string;
  storage: TokenStorage;
  initialTokens: Tokens | undefined;
  now: () => number;
  /** A new id for a new identity (not a secret; compared across tabs). */
  newIdentityId: () => string;
}

/** Builds the token store of one client, reading what its storage already holds. */
export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const { storage, now } = options;
  const keyPrefix = `vitrine:${options.clientId}:`;
  const tokensKey = `${keyPrefix}tokens`;
  const identityListeners = new Set<IdentityListener>();
  // What the listeners of the last identity change are still doing.
  let following: Promise<unknown>[] = [];
  const commitListeners = new Set<() => void>();
  let generation = 0;
  let receivedAt: number | undefined;
  let persistFailed = false;

  const readRecord = () => readTokenRecord(storage, tokensKey);
  const stored = readRecord();
  const initial =
    options.initialTokens === undefined ? stored?.tokens : copyTokens(options.initialTokens);
  const initialStored =
    initial !== undefined && stored !== undefined && sameTokens(stored.tokens, initial);
  // Given tokens that storage does not hold yet get their identity id and are written on first
  // need, not here: building a client reads no random value and writes nothing (server
  // pre-rendering refuses both).
  let identityId = initialStored ? stored.identity : undefined;
  let initialUnwritten = initial !== undefined && !initialStored;

  const api = createStore<AuthState>()(() => ({
    ...stateOfTokens(initial, 'INITIAL', 'refresh'),
    status: 'idle',
  }));

  function persist(tokens: Tokens | undefined): void {
    initialUnwritten = false;
    if (tokens !== undefined) identityId ??= options.newIdentityId();
    const record =
      tokens === undefined ? undefined : { v: 1 as const, tokens, identity: identityId! };
    // A storage that refuses keeps the tokens in memory only; never read it back over them.
    persistFailed = !writeTokenRecord(storage, tokensKey, record);
  }

  function apply(tokens: Tokens | undefined, reason: CommitReason): void {
    const previous = api.getState();
    const next = stateOfTokens(tokens, previous.loginState, reason);
    api.setState(next);
    if (reason === 'refresh') return;
    following = tellListeners(identityListeners, {
      reason,
      role: next.role,
      previousRole: previous.role,
      previousTokens: previous.tokens,
    });
  }

  return {
    keyPrefix,
    ...observers(api, commitListeners),
    onIdentityChange(listener) {
      identityListeners.add(listener);
      return () => identityListeners.delete(listener);
    },
    async followersSettled() {
      await Promise.allSettled(following);
    },
    get generation() {
      return generation;
    },
    get receivedAt() {
      return receivedAt;
    },
    commit(tokens, reason) {
      const frozen = tokens === undefined ? undefined : copyTokens(tokens);
      if (reason !== 'refresh') {
        generation++;
        identityId = frozen === undefined ? undefined : options.newIdentityId();
      }
      receivedAt = frozen === undefined ? undefined : now();
      persist(frozen);
      apply(frozen, reason);
      for (const listener of [...commitListeners]) listener();
    },
    storeGivenTokens() {
      if (initialUnwritten) persist(api.getState().tokens);
    },
    reconcile() {
      if (initialUnwritten) {
        // Storage has not heard of the given tokens yet: they are the newest, so write them.
        persist(api.getState().tokens);
        return false;
      }
      if (persistFailed) return false;
      // Another tab's write (or removal), adopted. The identity id is undefined whenever the
      // tokens are: both are set and cleared together.
      const record = readRecord();
      const current = api.getState().tokens;
      const identity = record?.identity;
      const unchanged =
        record === undefined
          ? current === undefined
          : current !== undefined && sameTokens(record.tokens, current);
      const sameIdentity = identity === identityId;
      identityId = identity;
      if (unchanged) return false;
      if (!sameIdentity) generation++;
      receivedAt = undefined;
      apply(record?.tokens, sameIdentity ? 'refresh' : 'other-tab');
      return true;
    },
  };
}

/**
 * The state that follows a commit of `tokens` for `reason`: their role, and the login state
 * (`SUCCESS` after a member's login, back to `INITIAL` when no member is signed in any more).
 */
function stateOfTokens(
  tokens: Tokens | undefined,
  loginState: LoginState,
  reason: CommitReason,
): Omit<AuthState, 'status'> {
  const role = roleOf(tokens);
  if (reason === 'login' && role === 'member') loginState = 'SUCCESS';
  else if (role !== 'member' && loginState === 'SUCCESS') loginState = 'INITIAL';
  if (reason === 'logout' || reason === 'session-ended') loginState = 'INITIAL';
  return { tokens, role, isLoggedIn: role === 'member', loginState, error: undefined };
}

/** How the token store's state is watched and marked: subscribers, status, login state, error. */
function observers(
  api: StoreApi<AuthState>,
  commitListeners: Set<() => void>,
): Pick<
  TokenStore,
  'getState' | 'subscribe' | 'setLoginState' | 'setError' | 'track' | 'onCommit'
> {
  return {
    getState: () => api.getState(),
    subscribe(listener) {
      return api.subscribe((state, previous) => {
        try {
          listener(state, previous);
        } catch {
          // Listeners cannot break the store.
        }
      });
    },
    setLoginState(loginState) {
      if (api.getState().loginState !== loginState) api.setState({ loginState });
    },
    setError(error) {
      if (api.getState().error !== error) api.setState({ error });
    },
    track: createBusyStatus((status) => api.setState({ status })),
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
  };
}
