/** Role of a refresh token: no tokens, anonymous visitor, or signed-in member. */
export type TokenRole = 'none' | 'visitor' | 'member';

/** The role values, in order of privilege. */
export const TOKEN_ROLES = ['none', 'visitor', 'member'] as const satisfies readonly TokenRole[];

/** An access token and when it stops being accepted. */
export interface AccessToken {
  /** The raw token, sent as the `Authorization` header. */
  value: string;
  /** Expiry in epoch seconds (receive time + `expires_in`). */
  expiresAt: number;
}

/** A refresh token and the role of the identity it belongs to. */
export interface RefreshToken {
  value: string;
  role: TokenRole;
}

/** The pair a client holds. */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}
