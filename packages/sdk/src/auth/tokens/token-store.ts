/**
 * The token store of one client: a `zustand/vanilla` store (never module-level, so two server
 * requests never share tokens) of the {@link AuthState}, written through to a
 * {@link TokenStorage}, with identity-change events. It makes no network call: renewal and the
 * sign-in flows commit into it.
 */
import { createStore } from 'zustand/vanilla';
import { isJsonObject, parseJsonSafely } from '../../internal/json.js';
import type { LoginState } from '../../models/login.js';
import type { TokenRole, Tokens } from '../../models/tokens.js';
import type {
  AuthState,
  AuthStatus,
  IdentityChangeEvent,
  IdentityChangeReason,
} from '../auth-state.js';
import type { TokenStorage } from '../storage/types.js';

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

interface StoredRecord {
  v: 1;
  tokens: Tokens;
  identity: string;
}

/** Builds the token store of one client, reading what its storage already holds. */
export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const { storage, now } = options;
  const keyPrefix = `vitrine:${options.clientId}:`;
  const tokensKey = `${keyPrefix}tokens`;
  const identityListeners = new Set<(event: IdentityChangeEvent) => unknown>();
  // What the listeners of the last identity change are still doing.
  let following: Promise<unknown>[] = [];
  const commitListeners = new Set<() => void>();
  const busy: Record<Exclude<AuthStatus, 'idle'>, number> = {
    renewing: 0,
    'signing-in': 0,
    'signing-out': 0,
  };
  let generation = 0;
  let receivedAt: number | undefined;
  let persistFailed = false;

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
    tokens: initial,
    role: roleOf(initial),
    isLoggedIn: roleOf(initial) === 'member',
    loginState: 'INITIAL',
    status: 'idle',
    error: undefined,
  }));

  function readRecord(): StoredRecord | undefined {
    let text: string | null | undefined;
    try {
      text = storage.getItem(tokensKey);
    } catch {
      return undefined;
    }
    if (typeof text !== 'string') return undefined;
    const parsed = parseJsonSafely(text);
    if (!isJsonObject(parsed) || parsed.v !== 1 || typeof parsed.identity !== 'string') {
      return undefined;
    }
    const tokens = parseTokens(parsed.tokens);
    return tokens === undefined ? undefined : { v: 1, tokens, identity: parsed.identity };
  }

  function persist(tokens: Tokens | undefined): void {
    initialUnwritten = false;
    try {
      if (tokens === undefined) storage.removeItem(tokensKey);
      else {
        identityId ??= options.newIdentityId();
        const record: StoredRecord = { v: 1, tokens, identity: identityId };
        storage.setItem(tokensKey, JSON.stringify(record));
      }
      persistFailed = false;
    } catch {
      // A storage that refuses keeps the tokens in memory only; never read it back over them.
      persistFailed = true;
    }
  }

  function statusNow(): AuthStatus {
    if (busy['signing-in'] > 0) return 'signing-in';
    if (busy['signing-out'] > 0) return 'signing-out';
    if (busy.renewing > 0) return 'renewing';
    return 'idle';
  }

  function apply(tokens: Tokens | undefined, reason: CommitReason): void {
    const previous = api.getState();
    const role = roleOf(tokens);
    let loginState = previous.loginState;
    if (reason === 'login' && role === 'member') loginState = 'SUCCESS';
    else if (role !== 'member' && loginState === 'SUCCESS') loginState = 'INITIAL';
    if (reason === 'logout' || reason === 'session-ended') loginState = 'INITIAL';
    api.setState({
      tokens,
      role,
      isLoggedIn: role === 'member',
      loginState,
      error: undefined,
    });
    if (reason === 'refresh') return;
    const event: IdentityChangeEvent = {
      reason,
      role,
      previousRole: previous.role,
      previousTokens: previous.tokens,
    };
    following = [];
    for (const listener of [...identityListeners]) {
      try {
        const work = listener(event);
        if (work instanceof Promise) following.push(work);
      } catch {
        // One failing listener must not keep the others (or the SDK) from hearing of it.
      }
    }
  }

  return {
    keyPrefix,
    getState: () => api.getState(),
    subscribe(listener) {
      return api.subscribe((state, previous) => {
        try {
          listener(state, previous);
        } catch {
          // As above: listeners cannot break the store.
        }
      });
    },
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
      const record = readRecord();
      const current = api.getState().tokens;
      if (record === undefined) {
        if (current === undefined) return false;
        generation++;
        identityId = undefined;
        receivedAt = undefined;
        apply(undefined, 'other-tab');
        return true;
      }
      if (current !== undefined && sameTokens(record.tokens, current)) {
        identityId = record.identity;
        return false;
      }
      const sameIdentity = record.identity === identityId;
      if (!sameIdentity) generation++;
      identityId = record.identity;
      receivedAt = undefined;
      apply(record.tokens, sameIdentity ? 'refresh' : 'other-tab');
      return true;
    },
    setLoginState(loginState) {
      if (api.getState().loginState !== loginState) api.setState({ loginState });
    },
    setError(error) {
      if (api.getState().error !== error) api.setState({ error });
    },
    async track(status, work) {
      busy[status]++;
      api.setState({ status: statusNow() });
      try {
        return await work();
      } finally {
        busy[status]--;
        api.setState({ status: statusNow() });
      }
    },
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
  };
}

/** The role tokens give: `none` without tokens, else the refresh token's role. */
export function roleOf(tokens: Tokens | undefined): TokenRole {
  return tokens === undefined ? 'none' : tokens.refreshToken.role;
}

/** A frozen copy, so no caller ever holds a mutable object the store also holds. */
export function copyTokens(tokens: Tokens): Tokens {
  return Object.freeze({
    accessToken: Object.freeze({
      value: tokens.accessToken.value,
      expiresAt: tokens.accessToken.expiresAt,
    }),
    refreshToken: Object.freeze({
      value: tokens.refreshToken.value,
      role: tokens.refreshToken.role,
    }),
  });
}

/**
 * Reads tokens from untrusted data (storage, a cookie, an argument): non-empty strings, a finite
 * expiry and a role of `visitor` or `member`. Anything else is `undefined`: partial or corrupt
 * data reads as no tokens.
 */
export function parseTokens(value: unknown): Tokens | undefined {
  if (!isJsonObject(value)) return undefined;
  const { accessToken, refreshToken } = value;
  if (!isJsonObject(accessToken) || !isJsonObject(refreshToken)) return undefined;
  const { value: access, expiresAt } = accessToken;
  const { value: refresh, role } = refreshToken;
  if (
    typeof access !== 'string' ||
    access === '' ||
    typeof refresh !== 'string' ||
    refresh === ''
  ) {
    return undefined;
  }
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return undefined;
  if (role !== 'visitor' && role !== 'member') return undefined;
  return copyTokens({
    accessToken: { value: access, expiresAt },
    refreshToken: { value: refresh, role },
  });
}

function sameTokens(a: Tokens, b: Tokens): boolean {
  return (
    a.accessToken.value === b.accessToken.value &&
    a.accessToken.expiresAt === b.accessToken.expiresAt &&
    a.refreshToken.value === b.refreshToken.value &&
    a.refreshToken.role === b.refreshToken.role
  );
}
