/**
 * The calls of `store.auth` about tokens given or renewed from outside: `setTokens` (tokens read
 * from a cookie, another client), `generateVisitorTokens`, `renewToken` and `getAuthHeaders`.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { Tokens } from '../models/tokens.js';
import type { StoreAuth } from './store-auth.js';
import { parseTokens } from './tokens/parse-tokens.js';
import type { RenewalGrants } from './tokens/renewal-grants.js';
import type { Renewal } from './tokens/renewal.js';
import type { TokenStore } from './tokens/token-store.js';

/** The token calls of `store.auth`, on a client's token store and renewal. */
export function createTokenCalls(
  store: TokenStore,
  renew: Renewal,
  grants: RenewalGrants,
): Pick<StoreAuth, 'setTokens' | 'getAuthHeaders' | 'generateVisitorTokens' | 'renewToken'> {
  function setTokens(tokens: Tokens): void {
    const next = checkedTokens(tokens, 'tokens');
    const current = store.getState().tokens;
    const sameIdentity =
      current !== undefined &&
      current.refreshToken.value === next.refreshToken.value &&
      current.refreshToken.role === next.refreshToken.role;
    store.commit(next, sameIdentity ? 'refresh' : 'tokens-set');
  }

  return {
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
  };
}

/**
 * `tokens` when they are valid {@link Tokens}.
 * @throws {StoreArgumentError} naming `argument` when they are not.
 */
export function checkedTokens(tokens: unknown, argument: string): Tokens {
  const parsed = parseTokens(tokens);
  if (parsed === undefined) {
    throw new StoreArgumentError(
      argument,
      'must be { accessToken: { value, expiresAt }, refreshToken: { value, role: "visitor" | "member" } }',
    );
  }
  return parsed;
}
