/**
 * A site member, as the platform's Members API answers it (`GET /members/v1/members/my`). Which
 * fields are present depends on the fieldset asked for: see {@link MemberFieldset}.
 */
import { defineEnum, type EnumValue } from './enum.js';

/**
 * The predefined sets of member fields:
 * - `PUBLIC` (the platform's default): `id`, `contactId`, `profile`, `createdDate`,
 *   `updatedDate`; `status`, `privacyStatus` and `activityStatus` are `UNKNOWN`;
 * - `EXTENDED`: also `loginEmail` and the real statuses;
 * - `FULL`: every field, `contact` (names, phones, emails, addresses) included.
 */
export const MemberFieldset = /* @__PURE__ */ defineEnum(['PUBLIC', 'EXTENDED', 'FULL']);
/** One of {@link MemberFieldset}'s values. */
export type MemberFieldset = EnumValue<typeof MemberFieldset>;

/** Whether a member can sign in to the site. */
export const MemberStatus = /* @__PURE__ */ defineEnum([
  'UNKNOWN',
  'PENDING',
  'APPROVED',
  'BLOCKED',
  'OFFLINE',
]);
/** One of {@link MemberStatus}'s values. */
export type MemberStatus = EnumValue<typeof MemberStatus>;

/** Whether other members and visitors see the member. */
export const MemberPrivacyStatus = /* @__PURE__ */ defineEnum(['UNKNOWN', 'PRIVATE', 'PUBLIC']);
/** One of {@link MemberPrivacyStatus}'s values. */
export type MemberPrivacyStatus = EnumValue<typeof MemberPrivacyStatus>;

/** Whether the member may write in the site's community (forum posts, comments). */
export const MemberActivityStatus = /* @__PURE__ */ defineEnum(['UNKNOWN', 'ACTIVE', 'MUTED']);
/** One of {@link MemberActivityStatus}'s values. */
export type MemberActivityStatus = EnumValue<typeof MemberActivityStatus>;

/** A member's photo or cover image. */
export interface MemberImage {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  offsetX?: number;
  offsetY?: number;
}

/** How the member shows to others. */
export interface MemberProfile {
  /** The name other members see. */
  nickname?: string;
  /** The member's profile page slug. */
  slug?: string;
  photo?: MemberImage;
  cover?: MemberImage;
  title?: string;
}

/** A street address of a member's contact. */
export interface MemberAddress {
  id?: string;
  streetAddress?: { number?: string; name?: string };
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  /** ISO 3166-2 subdivision code. */
  subdivision?: string;
  /** ISO 3166-1 alpha-2 country code. */
  country?: string;
  postalCode?: string;
}

/** The member's contact details (the `FULL` fieldset). */
export interface MemberContact {
  firstName?: string;
  lastName?: string;
  phones?: string[];
  emails?: string[];
  addresses?: MemberAddress[];
  /** `YYYY-MM-DD`. */
  birthdate?: string;
  company?: string;
  jobTitle?: string;
  customFields?: Record<string, { name?: string; value?: unknown }>;
}

/** A member of the site. */
export interface Member {
  id?: string;
  /** The member's contact id; a site member's is their member id. */
  contactId?: string;
  /** The email the member signs in with (`EXTENDED` and `FULL`). */
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status?: MemberStatus;
  privacyStatus?: MemberPrivacyStatus;
  activityStatus?: MemberActivityStatus;
  profile?: MemberProfile;
  contact?: MemberContact;
  /** ISO date. */
  createdDate?: string;
  /** ISO date. */
  updatedDate?: string;
  /** ISO date. */
  lastLoginDate?: string;
}
