/**
 * The two grants renewal uses: `anonymous` (new visitor tokens) and `refresh_token`. Both are
 * retried like reads; the two that make member tokens are in member-grants.ts.
 */
import type { Transport } from '../../http/transport.js';
import type { RefreshToken, Tokens } from '../../models/tokens.js';
import { readTokenResponse, requestGrant } from './token-endpoint.js';

/**
 * A grant's tokens. `news` says they are another identity's, known elsewhere: a shop server's
 * session endpoint answering for a session its server signed in or out (or a first token that
 * adopts the server's session rather than minting a new visitor). The platform's grants never
 * set it: a refresh keeps the identity, an anonymous grant mints a new visitor.
 */
export type GrantedTokens = Tokens & { readonly news?: 'other-tab' };

/** The grants renewal uses, bound to one client's transport and clock. */
export interface RenewalGrants {
  /** `anonymous`: new visitor tokens. Retried on network errors and 429/502/503/504. */
  anonymous(signal?: AbortSignal): Promise<GrantedTokens>;
  /** `refresh_token`: a new access token (and a rotated refresh token when the server rotates). */
  refresh(refreshToken: RefreshToken, signal?: AbortSignal): Promise<GrantedTokens>;
}

/** Builds the renewal grants of one client. */
export function createRenewalGrants(
  transport: Transport,
  clientId: string,
  now: () => number,
): RenewalGrants {
  return {
    async anonymous(signal) {
      const body = await requestGrant(
        transport,
        { clientId, grantType: 'anonymous' },
        { retry: true, secrets: [], signal },
      );
      return readTokenResponse(body, 'visitor', now());
    },
    async refresh(refreshToken, signal) {
      const body = await requestGrant(
        transport,
        { clientId, grantType: 'refresh_token', refreshToken: refreshToken.value },
        { retry: true, secrets: [refreshToken.value], signal },
      );
      return readTokenResponse(body, refreshToken.role, now(), refreshToken.value);
    },
  };
}
