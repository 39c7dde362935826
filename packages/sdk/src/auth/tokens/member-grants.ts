/**
 * The two grants of the token endpoint that make member tokens: `authorization_code`
 * with PKCE (the hosted and silent login) and `authorized_client` (external login). Only the
 * sign-in code uses them, so they load with it on first use; grants.ts has the rest.
 */
import type { Transport } from '../../http/transport.js';
import type { Tokens } from '../../models/tokens.js';
import { readTokenResponse, requestGrant } from './token-endpoint.js';

/** The member grants, bound to one client's transport and clock. */
export interface MemberGrants {
  /** `authorization_code` with PKCE: member tokens. Never retried (a code is single use). */
  authorizationCode(
    input: { code: string; codeVerifier: string; redirectUri: string },
    signal?: AbortSignal,
  ): Promise<Tokens>;
  /** `authorized_client`: member tokens for a member id, authorized by an access token and an API key. */
  authorizedClient(
    input: { memberId: string; accessToken: string; apiKey: string },
    signal?: AbortSignal,
  ): Promise<Tokens>;
}

/** Builds the member grants of one client. */
export function createMemberGrants(
  transport: Transport,
  clientId: string,
  now: () => number,
): MemberGrants {
  return {
    async authorizationCode({ code, codeVerifier, redirectUri }, signal) {
      const body = await requestGrant(
        transport,
        { clientId, grantType: 'authorization_code', redirectUri, code, codeVerifier },
        { retry: false, secrets: [code, codeVerifier], signal },
      );
      return readTokenResponse(body, 'member', now());
    },
    async authorizedClient({ memberId, accessToken, apiKey }, signal) {
      const body = await requestGrant(
        transport,
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        {
          retry: true,
          secrets: [accessToken, apiKey],
          authorization: { header: `${accessToken},${apiKey}` },
          signal,
        },
      );
      return readTokenResponse(body, 'member', now());
    },
  };
}
