import { defineEnum, type EnumValue } from './enum.js';

/** Tag of an identity's address. */
export const AddressTag = /* @__PURE__ */ defineEnum([
  'UNTAGGED',
  'HOME',
  'WORK',
  'BILLING',
  'SHIPPING',
]);
export type AddressTag = EnumValue<typeof AddressTag>;

/** Tag of an identity's email. */
export const EmailTag = /* @__PURE__ */ defineEnum(['UNTAGGED', 'MAIN', 'HOME', 'WORK']);
export type EmailTag = EnumValue<typeof EmailTag>;

/** Tag of an identity's phone. */
export const PhoneTag = /* @__PURE__ */ defineEnum([
  'UNTAGGED',
  'MAIN',
  'HOME',
  'MOBILE',
  'WORK',
  'FAX',
]);
export type PhoneTag = EnumValue<typeof PhoneTag>;

/** Whether a member's profile is public. */
export const PrivacyStatus = /* @__PURE__ */ defineEnum(['UNDEFINED', 'PUBLIC', 'PRIVATE']);
export type PrivacyStatus = EnumValue<typeof PrivacyStatus>;

/** Status of an identity. */
export const IdentityStatus = /* @__PURE__ */ defineEnum([
  'UNKNOWN_STATUS',
  'PENDING',
  'ACTIVE',
  'DELETED',
  'BLOCKED',
  'OFFLINE',
]);
export type IdentityStatus = EnumValue<typeof IdentityStatus>;

/** Why an identity is pending. */
export const StatusReason = /* @__PURE__ */ defineEnum([
  'UNKNOWN_REASON',
  'PENDING_ADMIN_APPROVAL_REQUIRED',
  'PENDING_EMAIL_VERIFICATION_REQUIRED',
]);
export type StatusReason = EnumValue<typeof StatusReason>;

/** Kind of tenant an identity belongs to. */
export const TenantType = /* @__PURE__ */ defineEnum([
  'UNKNOWN_TENANT_TYPE',
  'ACCOUNT',
  'SITE',
  'ROOT',
]);
export type TenantType = EnumValue<typeof TenantType>;

/** What a verification is sent to. */
export const VerificationTarget = /* @__PURE__ */ defineEnum(['UNKNOWN_TARGET', 'EMAIL']);
export type VerificationTarget = EnumValue<typeof VerificationTarget>;

/**
 * The provider's authentication state, as the authentication and verification calls
 * return it. `store.auth` maps it to a {@link LoginState}.
 */
export const AuthenticationState = /* @__PURE__ */ defineEnum([
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
]);
export type AuthenticationState = EnumValue<typeof AuthenticationState>;

/** A custom field's value: exactly one of the kinds is set (date, number, list or map). */
export interface CustomValue {
  strValue?: string;
  numValue?: number;
  /** An ISO date-time string. */
  dateValue?: string;
  listValue?: { value?: CustomValue[] };
  mapValue?: { value?: Record<string, CustomValue> };
}

/** A named custom field of a profile. */
export interface CustomField {
  name: string;
  value?: CustomValue;
}

/** A postal address of a profile. */
export interface IdentityAddress {
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  formattedAddress?: string;
  streetAddress?: { name?: string; number?: string; apt?: string };
  geocode?: { latitude?: number; longitude?: number };
}

/** An address with its tag. */
export interface IdentityAddressWrapper {
  id?: string;
  tag?: AddressTag;
  address?: IdentityAddress;
}

/** A secondary email of a profile. */
export interface IdentityEmail {
  email?: string;
  tag?: EmailTag;
}

/** A phone of a profile. */
export interface IdentityPhone {
  countryCode?: string;
  phone?: string;
  tag?: PhoneTag;
}

/** The profile of an identity (what `register` accepts as `profile`). */
export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  labels?: string[];
  language?: string;
  privacyStatus?: PrivacyStatus;
  /** An ISO date. */
  birthdate?: string;
  company?: string;
  position?: string;
  customFields?: CustomField[];
  emails?: IdentityEmail[];
  phonesV2?: IdentityPhone[];
  addresses?: IdentityAddressWrapper[];
}

/** An identity as the provider returns it. Dates are ISO strings. */
export interface Identity {
  id?: string;
  revision?: string;
  createdDate?: string;
  updatedDate?: string;
  identityProfile?: IdentityProfile;
  email?: { address?: string; isVerified?: boolean };
  status?: { name?: IdentityStatus; reasons?: StatusReason[] };
  metadata?: { tags?: string[] };
  [field: string]: unknown;
}

/** A captcha token as the wire carries it: exactly one of the two kinds. */
export type WireCaptchaToken = { Recaptcha: string } | { InvisibleRecaptcha: string };

/** Answer of every authentication call and of `verification.verify`/`resend`. */
export interface AuthenticationResponse {
  state: AuthenticationState | (string & {});
  identity?: Identity;
  /** Identifies a sign-in that waits for a verification code. A secret: never log it. */
  stateToken?: string;
  /** Turned into member tokens by the silent login. A secret: never log it. */
  sessionToken?: string;
  additionalData?: Record<string, unknown>;
}

/** Body of `POST /_api/iam/authentication/v1/register`. */
export interface RegisterV1Request {
  identity?: Identity;
  authenticatorId?: string;
  inputs?: Record<string, unknown>[];
  captchaTokens?: WireCaptchaToken[];
}

/** Body of `POST /_api/iam/authentication/v1/login`. */
export interface LoginV1Request {
  identifier?: Record<string, unknown>;
  authenticatorId?: string;
  inputs?: Record<string, unknown>[];
  captchaTokens?: WireCaptchaToken[];
  loginId?: { email: string };
}

/** Body of `POST /_api/iam/authentication/v2/register`. */
export interface RegisterV2Request {
  loginId: { email: string };
  password?: string;
  profile?: IdentityProfile;
  captchaTokens?: WireCaptchaToken[];
  clientMetaData?: Record<string, unknown>;
}

/** Body of `POST /_api/iam/authentication/v2/login`. */
export interface LoginV2Request {
  loginId: { email: string };
  password?: string;
  captchaTokens?: WireCaptchaToken[];
}

/** Body of `POST /_api/iam/authentication/v1/sso/login-with-token-params`. */
export interface LoginWithTokenParamsRequest {
  idpConnectionId: string;
  tokenParams: Record<string, string>;
}

/** Body of `POST /_api/iam/authentication/v2/sign-on`. */
export interface SignOnRequest {
  loginId: { email: string };
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

/** Body of `POST /_api/iam/recovery/v1/send-email`. */
export interface SendRecoveryEmailRequest {
  email: string;
  language?: string;
  /** Where the recovery page returns; `clientId` defaults to the client's. */
  redirect?: { url: string; clientId?: string };
}

/** Body of `POST /_api/iam/recovery/v1/activation-email`. */
export interface SendActivationEmailRequest {
  identityId: string;
  emailOptions?: Record<string, unknown>;
}

/** Body of `POST /_api/iam/recovery/v1/recover`. */
export interface RecoverRequest {
  recoveryToken: string;
  password: string;
}

/** Body of `POST /_api/iam/verification/v1/start`. */
export interface StartVerificationRequest {
  identityId: string;
  target?: VerificationTarget;
}
