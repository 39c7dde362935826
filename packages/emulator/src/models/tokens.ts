/**
 * Token records. Every token, code and one-time secret is kept only as its SHA-256 hash, so a
 * state dump or the `--data` file never holds a usable credential.
 */

/** The role a token carries (spec.md §4). */
export type TokenRole = 'visitor' | 'member';

/** One sign-in: the tokens of a grant and of every refresh after it share a family. */
export interface FamilyRecord {
  clientId: string;
  role: TokenRole;
  visitorId?: string;
  memberId?: string;
  revoked: boolean;
  createdAt: number;
}

export interface AccessTokenRecord {
  familyId: string;
  expiresAt: number;
}

export interface RefreshTokenRecord {
  familyId: string;
  expiresAt: number;
  /** Set once exchanged; presenting it again after the grace period revokes the family. */
  rotated: boolean;
  /** When it was exchanged (epoch ms), for the reuse grace period. */
  rotatedAt?: number;
}

export interface AuthCodeRecord {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  memberId: string;
  expiresAt: number;
  used: boolean;
  /** The family its exchange created, revoked if the code is replayed. */
  familyId?: string;
}

/** The JSON of a successful token response. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}
