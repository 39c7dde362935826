/**
 * A member in the shape of the platform's Members API (`{member}` of
 * `GET /members/v1/members/my`), cut to a fieldset as the platform cuts it:
 * - `PUBLIC` (the default): `id`, `contactId`, `profile`, `createdDate`, `updatedDate`, with
 *   `status`, `privacyStatus` and `activityStatus` answered as `UNKNOWN`;
 * - `EXTENDED`: also `loginEmail` and the real `status`, `privacyStatus`, `activityStatus`;
 * - `FULL`: also `loginEmailVerified` and `contact` (names, phones, emails, addresses…).
 * A site member's contact id is their member id, in the emulator as on the platform.
 */
import { slugify } from '../catalog/seed.js';
import type { MemberRecord } from '../models/identity.js';

/** The platform's fieldsets, smallest first. */
export const MEMBER_FIELDSETS = ['PUBLIC', 'EXTENDED', 'FULL'] as const;
export type MemberFieldset = (typeof MEMBER_FIELDSETS)[number];

export type MemberStatus = 'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';

/** A member's address in the Members API's shape. */
export interface WireMemberAddress {
  streetAddress?: { number?: string; name?: string };
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

/** The emulator's member. */
export interface WireMember {
  id: string;
  contactId: string;
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status: MemberStatus;
  privacyStatus: 'UNKNOWN' | 'PRIVATE' | 'PUBLIC';
  activityStatus: 'UNKNOWN' | 'ACTIVE' | 'MUTED';
  profile: { nickname: string; slug: string; photo?: { url: string }; title?: string };
  contact?: {
    firstName?: string;
    lastName?: string;
    phones: string[];
    emails: string[];
    addresses: WireMemberAddress[];
    birthdate?: string;
    company?: string;
    jobTitle?: string;
  };
  createdDate: string;
  updatedDate: string;
}

/** The name a member shows: their nickname, else their name, else their email's local part. */
export function nicknameOf(member: MemberRecord): string {
  const { nickname, firstName, lastName } = member.profile;
  if (nickname) return nickname;
  const name = [firstName, lastName].filter(Boolean).join(' ');
  return name || member.email.split('@')[0]!;
}

const ADDRESS_FIELDS = [
  'addressLine',
  'addressLine2',
  'city',
  'subdivision',
  'country',
  'postalCode',
] as const;

/** An address given at registration (any shape the schema took), in the Members API's shape. */
function address(raw: Record<string, unknown>): WireMemberAddress {
  const out: WireMemberAddress = {};
  for (const field of ADDRESS_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string') out[field] = value;
  }
  const street = raw.streetAddress;
  if (typeof street === 'object' && street !== null) {
    const { number, name } = street as Record<string, unknown>;
    out.streetAddress = {
      ...(typeof number === 'string' ? { number } : {}),
      ...(typeof name === 'string' ? { name } : {}),
    };
  }
  return out;
}

function contactOf(member: MemberRecord): NonNullable<WireMember['contact']> {
  const p = member.profile;
  return {
    ...(p.firstName !== undefined ? { firstName: p.firstName } : {}),
    ...(p.lastName !== undefined ? { lastName: p.lastName } : {}),
    phones: (p.phones ?? []).map((phone) => phone.phone),
    emails: [member.email, ...(p.secondaryEmails ?? []).map((e) => e.email)],
    addresses: (p.addresses ?? []).map((a) => address(a.address)),
    ...(p.birthdate !== undefined ? { birthdate: p.birthdate } : {}),
    ...(p.company !== undefined ? { company: p.company } : {}),
    ...(p.position !== undefined ? { jobTitle: p.position } : {}),
  };
}

/** Renders a member with the fields of the largest of `fieldsets` (`PUBLIC` when empty). */
export function renderMember(
  member: MemberRecord,
  fieldsets: readonly MemberFieldset[],
): WireMember {
  const level = Math.max(0, ...fieldsets.map((f) => MEMBER_FIELDSETS.indexOf(f)));
  const nickname = nicknameOf(member);
  const wire: WireMember = {
    id: member.id,
    contactId: member.id,
    status: 'UNKNOWN',
    privacyStatus: 'UNKNOWN',
    activityStatus: 'UNKNOWN',
    profile: {
      nickname,
      slug: slugify(nickname) || member.id,
      ...(member.profile.picture !== undefined ? { photo: { url: member.profile.picture } } : {}),
    },
    createdDate: member.createdDate,
    updatedDate: member.updatedDate,
  };
  if (level >= 1) {
    wire.loginEmail = member.email;
    wire.status = member.ownerApproved ? 'APPROVED' : 'PENDING';
    wire.privacyStatus = member.profile.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE';
    wire.activityStatus = 'ACTIVE';
  }
  if (level >= 2) {
    wire.loginEmailVerified = member.emailVerified;
    wire.contact = contactOf(member);
  }
  return wire;
}
