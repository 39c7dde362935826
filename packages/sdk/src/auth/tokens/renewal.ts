/**
 * Keeps a valid access token: renews a margin before expiry, runs one
 * grant at a time for any number of callers (and, in browsers, tabs), never lets an older grant
 * overwrite a newer sign-in or sign-out, and handles refresh failures without ever silently
 * turning a member into a new visitor.
 */
import type { RefreshToken, Tokens } from '../../models/tokens.js';
import { StoreAuthError } from '../store-auth-error.js';
import { isStoreAuthError } from '../is-store-auth-error.js';
import type { GrantedTokens, RenewalGrants } from './renewal-grants.js';
import type { TabSync } from './tab-sync.js';
import type { CommitReason, TokenStore } from './token-store.js';

/** Renew when the access token expires within this many ms. */
export const RENEWAL_MARGIN_MS = 60_000;

/** Token renewal of one client. */
export interface Renewal {
  /** Valid tokens, renewing first when they are missing or about to expire. */
  getValidTokens(signal?: AbortSignal): Promise<Tokens>;
  /** After a 401 with `refused`: renews once; `true` when a replay with the new token is worthwhile. */
  onUnauthorized(refused: string): Promise<boolean>;
  /** Refreshes the current tokens now, even when still valid. */
  forceRefresh(signal?: AbortSignal): Promise<Tokens>;
}

/** Options of {@link createRenewal}. */
export interface RenewalOptions {
  store: TokenStore;
  grants: RenewalGrants;
  tabSync: TabSync;
  /** Whether storage is shared with other tabs (re-read it before renewing). */
  shared: boolean;
  now: () => number;
}

type Outcome = { kind: 'tokens'; tokens: Tokens } | { kind: 'stale' };

// Identity changes during a renewal make it start over; a bound keeps a pathological stream of
// them from spinning forever.
const MAX_ROUNDS = 3;

/** Builds the renewal of one client. */
export function createRenewal(options: RenewalOptions): Renewal {
  const { store } = options;
  const flight = oneFlight(store, renewUnderLock(options));

  async function getValidTokens(signal?: AbortSignal): Promise<Tokens> {
    store.storeGivenTokens();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const current = store.getState().tokens;
      if (current !== undefined && !needsRenewal(options, current)) return current;
      // The tokens a renewal hands back are used even when already within the margin (a
      // just-issued token is used at least once), so a tiny `expires_in` cannot cause a loop.
      const outcome = await abortable(flight(current), signal);
      if (outcome.kind === 'tokens') return outcome.tokens;
    }
    const current = store.getState().tokens;
    if (current !== undefined) return current;
    throw new StoreAuthError({
      code: 'TOKEN_REQUEST_FAILED',
      message: 'something went wrong: the identity kept changing during token renewal',
      retryable: true,
    });
  }

  return {
    getValidTokens,
    async onUnauthorized(refused) {
      const current = store.getState().tokens;
      // Someone renewed (or signed in or out) since that call left: just replay it.
      if (current === undefined || current.accessToken.value !== refused) return true;
      const outcome = await flight(current);
      return outcome.kind === 'stale' || outcome.tokens.accessToken.value !== refused;
    },
    async forceRefresh(signal) {
      const outcome = await abortable(flight(store.getState().tokens), signal);
      return outcome.kind === 'tokens' ? outcome.tokens : getValidTokens(signal);
    },
  };
}

/** Whether `tokens` expire within the margin. */
function needsRenewal({ store, now }: RenewalOptions, tokens: Tokens): boolean {
  const expiresAtMs = tokens.accessToken.expiresAt * 1000;
  // Never renew earlier than halfway through a token's life, so short-lived tokens are not
  // renewed on every call.
  const receivedAt = store.receivedAt;
  const lifetime = receivedAt === undefined ? Infinity : expiresAtMs - receivedAt;
  const margin = Math.min(RENEWAL_MARGIN_MS, lifetime / 2);
  return expiresAtMs - now() <= margin;
}

/**
 * One renewal for everyone: joiners share its promise (and so its result or its error), which
 * `status` shows and whose failure becomes the store's `error`.
 */
function oneFlight(
  store: TokenStore,
  renew: (stale: Tokens | undefined) => Promise<Outcome>,
): (stale: Tokens | undefined) => Promise<Outcome> {
  let inflight: Promise<Outcome> | undefined;
  return (stale) => {
    if (inflight) return inflight;
    const started = store.track('renewing', () => renew(stale));
    inflight = started;
    started.then(
      () => store.setError(undefined),
      (error: unknown) => store.setError(error instanceof Error ? error : undefined),
    );
    void started
      .finally(() => {
        if (inflight === started) inflight = undefined;
      })
      .catch(() => {});
    return started;
  };
}

/**
 * The renewal itself, under the lock of the browser's tabs: another tab's result when it just
 * renewed, else the refresh grant, else (a visitor's session is over, or none) a visitor's tokens.
 * An identity change while a grant runs makes its outcome `stale`.
 */
function renewUnderLock(options: RenewalOptions): (stale: Tokens | undefined) => Promise<Outcome> {
  const { store, grants } = options;

  // The refresh grant. `undefined`: the session is over and it was a visitor's (get a new one).
  async function refresh(
    refreshToken: RefreshToken,
    startGeneration: number,
  ): Promise<Outcome | undefined> {
    try {
      return granted(await grants.refresh(refreshToken), 'refresh', startGeneration);
    } catch (error) {
      if (store.generation !== startGeneration) return { kind: 'stale' };
      if (!isStoreAuthError(error) || error.code !== 'INVALID_GRANT') {
        // A network error, a timeout, a 5xx: the session may well be fine. Keep it and say so.
        throw error;
      }
      // Another tab, or another request of this browser on a server, may have rotated this
      // refresh token just before we used it and stored the new pair: use that, not end the
      // session.
      if (store.reconcile()) return { kind: 'stale' };
      store.commit(undefined, 'session-ended');
      if (refreshToken.role === 'member') {
        throw new StoreAuthError({
          code: 'SESSION_ENDED',
          message:
            'The member session has ended: the platform refused its refresh token. Sign in again.',
          status: error.status,
          oauthError: error.oauthError,
          cause: error,
        });
      }
      return undefined;
    }
  }

  async function anonymous(): Promise<Outcome> {
    const startGeneration = store.generation;
    return granted(await grants.anonymous(), 'visitor', startGeneration);
  }

  // A grant's tokens, committed unless the identity changed while it ran.
  function granted(tokens: GrantedTokens, reason: CommitReason, startGeneration: number): Outcome {
    if (store.generation !== startGeneration) return { kind: 'stale' };
    // A session endpoint may answer for an identity its server signed in or out: news from
    // elsewhere, as another tab's would be.
    store.commit(tokens, tokens.news ?? reason);
    return { kind: 'tokens', tokens: store.getState().tokens ?? tokens };
  }

  return (stale) => {
    const startGeneration = store.generation;
    return options.tabSync.withLock(async () => {
      if (options.shared) {
        // Another tab may have renewed (or signed in or out) while we waited: adopt its result.
        store.reconcile();
        if (store.generation !== startGeneration) return { kind: 'stale' };
        const current = store.getState().tokens;
        if (
          current !== undefined &&
          current.accessToken.value !== stale?.accessToken.value &&
          !needsRenewal(options, current)
        ) {
          return { kind: 'tokens', tokens: current };
        }
      }
      const current = store.getState().tokens;
      if (current !== undefined) {
        const refreshed = await refresh(current.refreshToken, startGeneration);
        if (refreshed !== undefined) return refreshed;
      }
      return anonymous();
    });
  };
}

// Lets one waiter give up (its call was aborted) without cancelling the shared renewal.
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passed through as thrown
        reject(error);
      },
    );
  });
}
