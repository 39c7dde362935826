/**
 * The two grants renewal uses: `anonymous` (new visitor tokens) and `refresh_token`. Both are
 * retried like reads; the two that make member tokens are in member-grants.ts.
 */
import type { Transport } from '../../http/transport.js';
import type { RefreshToken, Tokens } from '../../models/tokens.js';
import { readTokenResponse, requestGrant } from './token-endpoint.js';

/** The grants renewal uses, bound to one client's transport and clock. */
export interface RenewalGrants {
  /** `anonymous`: new visitor tokens. Retried on network errors and 429/502/503/504. */
  anonymous(signal?: AbortSignal): Promise<Tokens>;
  /** `refresh_token`: a new access token (and a rotated refresh token when the server rotates). */
  refresh(refreshToken: RefreshToken, signal?: AbortSignal): Promise<Tokens>;
  /**
   * Whether a refresh answered for the identity it was sent for. Always, for the platform's
   * grant; a shop server's session endpoint may answer for another (signed in or out there).
   */
  sameIdentity?(sent: RefreshToken, received: Tokens): boolean;
  /**
   * What a first token is: a new visitor (`visitor`, the platform's anonymous grant), or a
   * session kept elsewhere and adopted here (`other-tab`: a shop server's, which may hold a cart
   * or be a member's).
   * @default 'visitor'
   */
  readonly firstTokens?: 'other-tab';
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
