/**
 * Identity entities: members, the one-time tokens of the sign-in flows, and the wire shape of
 * an identity (the platform's IAM `Identity`).
 */

/** Switchable behaviours of registration and login. */
export interface IdentityModes {
  /** New members must verify their email with a code before signing in. @default false */
  emailVerification: boolean;
  /** New members wait for the owner's approval. @default false */
  ownerApproval: boolean;
  /** Registration and login require a captcha token. @default false */
  captchaRequired: boolean;
}

/** A member's profile, as given at registration. */
export interface ProfileRecord {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  privacyStatus?: 'UNDEFINED' | 'PUBLIC' | 'PRIVATE';
  language?: string;
  birthdate?: string;
  position?: string;
  company?: string;
  phones?: { tag?: string; phone: string }[];
  secondaryEmails?: { tag?: string; email: string }[];
  addresses?: { tag?: string; address: Record<string, unknown> }[];
  customFields?: { name: string; value: unknown }[];
  labels?: string[];
}

export interface MemberRecord {
  id: string;
  /** Lower-cased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash`; absent for members created by sign-on until they set one. */
  passwordHash?: string;
  emailVerified: boolean;
  ownerApproved: boolean;
  /** Login answers -19973 until the password is reset. */
  requirePasswordReset: boolean;
  profile: ProfileRecord;
  createdDate: string;
  updatedDate: string;
}

/** A one-time token that continues a login (email verification, owner approval). */
export interface StateTokenRecord {
  memberId: string;
  purpose: 'EMAIL_VERIFICATION' | 'OWNER_APPROVAL';
  expiresAt: number;
  /** SHA-256 of the current verification code. */
  codeHash?: string;
  codeExpiresAt?: number;
  attempts: number;
  used: boolean;
}

/** Proof of a completed login, exchanged for member tokens on the authorize page. */
export interface SessionTokenRecord {
  memberId: string;
  expiresAt: number;
  used: boolean;
}

/** A password recovery or activation link's token. */
export interface RecoveryTokenRecord {
  memberId: string;
  purpose: 'recovery' | 'activation';
  expiresAt: number;
  used: boolean;
  /** Where the hosted reset page returns to, already checked against the registered list. */
  redirectUrl?: string;
}

/** Identity status names (spec.md §3). */
export type IdentityStatus =
  'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

/** The identity object of authentication responses. */
export interface WireIdentity {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  identityProfile: ProfileRecord & { emails: { tag: 'MAIN'; email: string }[] };
  email: { address: string; isVerified: boolean };
  status: {
    name: IdentityStatus;
    reasons: ('PENDING_ADMIN_APPROVAL_REQUIRED' | 'PENDING_EMAIL_VERIFICATION_REQUIRED')[];
  };
  factors: { factorId: string; type: 'PASSWORD' }[];
}

/** The state of an authentication response. */
export type AuthState =
  'SUCCESS' | 'REQUIRE_OWNER_APPROVAL' | 'REQUIRE_EMAIL_VERIFICATION' | 'STATUS_CHECK';

/** Body of register, login, sign-on, proceed and verify answers. */
export interface AuthResponse {
  state: AuthState;
  identity?: WireIdentity;
  stateToken?: string;
  sessionToken?: string;
  additionalData: Record<string, unknown>;
}

/** An identity-provider connection the emulator accepts tokens of. */
export interface IdpConnection {
  /** The connection's id, sent as `idpConnectionId` (the platform's are GUIDs). */
  idpConnectionId: string;
  /** The secret its tokens are signed with: 32 to 512 characters. */
  secret: string;
}

/** The identity-provider connections of one emulator, as services use them (identity/idp.ts). */
export interface IdpRegistry {
  /** Registers (or replaces) a connection. @throws {RangeError} for a bad id or secret. */
  add(connection: IdpConnection): void;
  /**
   * The e-mail address a connection's token vouches for.
   * @throws {ApiError} 404 `IDP_CONNECTION_NOT_FOUND` for an unknown connection; 400
   *   `INVALID_IDP_CONNECTION` for a token that is missing, forged, for another connection,
   *   expired, too old or names no e-mail address.
   */
  verifiedEmail(idpConnectionId: string, token: string | undefined, now: number): Promise<string>;
}
