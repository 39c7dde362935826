/**
 * The token endpoint's service: runs the requested grant in one store transaction. A refused
 * exchange still keeps what it changed (a used code, a revoked family), so an OAuth error commits
 * too; a grant that succeeds is counted (`emulator.grants()`).
 */
import type { EmulatorContext } from '../context.js';
import { OAuthError } from '../http/errors.js';
import {
  anonymousGrant,
  authorizedClientGrant,
  checkClientAuthorization,
  codeGrant,
  refreshGrant,
} from './grants.js';
import type { TokenResponse } from '../models/tokens.js';
import type { TokenRequest } from './token-request.js';

/**
 * Issues tokens for a checked token request.
 * @param authorization the request's `Authorization` header, if any.
 * @throws {OAuthError} whatever the grant refuses.
 */
export function grantTokens(
  ctx: EmulatorContext,
  { grant, params }: TokenRequest,
  authorization: string | undefined,
): Promise<TokenResponse> {
  if (grant !== 'authorized_client' && authorization !== undefined)
    checkClientAuthorization(ctx, authorization);
  return ctx.store.transaction(
    (tx) => {
      let tokens: TokenResponse;
      switch (grant) {
        case 'anonymous':
          tokens = anonymousGrant(ctx, tx, params);
          break;
        case 'refresh_token':
          tokens = refreshGrant(ctx, tx, params);
          break;
        case 'authorization_code':
          tokens = codeGrant(ctx, tx, params);
          break;
        case 'authorized_client':
          tokens = authorizedClientGrant(ctx, tx, params, authorization);
      }
      ctx.grants[grant] += 1;
      return tokens;
    },
    { keepsChanges: (error) => error instanceof OAuthError },
  );
}
