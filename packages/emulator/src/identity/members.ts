/**
 * Member records: lookup, the wire identity, new members under the current modes, password
 * checks and changes. Hashing is asynchronous and happens before a transaction; storing is
 * synchronous and happens inside one (the identity service, service.ts, does both).
 */
import type { EmulatorContext } from '../context.js';
import type { Transaction } from '../models/state.js';
import { randomId } from '../crypto/random.js';
import { revokeMember } from '../oauth/tokens.js';
import { identityError } from './codes.js';
import type { MemberRecord, ProfileRecord, WireIdentity } from '../models/identity.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** The member with this email (case-insensitive). */
export function findMemberByEmail(
  ctx: EmulatorContext,
  email: string,
): Readonly<MemberRecord> | undefined {
  const wanted = email.trim().toLowerCase();
  return Object.values(ctx.store.state.members).find((m) => m.email === wanted);
}

/** The member with this id. */
export function memberById(ctx: EmulatorContext, id: string): Readonly<MemberRecord> | undefined {
  const members = ctx.store.state.members;
  return Object.hasOwn(members, id) ? members[id] : undefined;
}

/** A member's identity in the wire shape; never includes the password hash. */
export function renderIdentity(ctx: EmulatorContext, member: MemberRecord): WireIdentity {
  const modes = ctx.store.state.modes;
  const reasons: WireIdentity['status']['reasons'] = [];
  if (!member.emailVerified && modes.emailVerification)
    reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED');
  if (!member.ownerApproved) reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED');
  return {
    id: member.id,
    revision: '1',
    createdDate: member.createdDate,
    updatedDate: member.updatedDate,
    identityProfile: {
      ...structuredClone(member.profile),
      emails: [{ tag: 'MAIN', email: member.email }],
    },
    email: { address: member.email, isVerified: member.emailVerified },
    status: { name: reasons.length > 0 ? 'PENDING' : 'ACTIVE', reasons },
    factors: member.passwordHash ? [{ factorId: `password-${member.id}`, type: 'PASSWORD' }] : [],
  };
}

/** What a new member is made of. */
export interface NewMemberInput {
  email: string;
  password?: string;
  profile?: ProfileRecord;
  verified?: boolean;
}

/** A new member's password hash, computed before the transaction that stores the member. */
export interface PreparedMember {
  input: NewMemberInput;
  passwordHash: string | undefined;
}

/**
 * Hashes a new member's password (slow, so outside any transaction).
 * @throws {ApiError} -19995 when the email is taken.
 */
export async function prepareMember(
  ctx: EmulatorContext,
  input: NewMemberInput,
): Promise<PreparedMember> {
  if (findMemberByEmail(ctx, input.email)) throw identityError('emailAlreadyExists');
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password);
  return { input, passwordHash };
}

/**
 * Stores a prepared member, applying the current modes.
 * @throws {ApiError} -19995 when the email was taken meanwhile (by a registration that hashed
 *   its password at the same time).
 */
export function addMember(
  ctx: EmulatorContext,
  tx: Transaction,
  { input, passwordHash }: PreparedMember,
): MemberRecord {
  if (findMemberByEmail(ctx, input.email)) throw identityError('emailAlreadyExists');
  const now = ctx.nowIso();
  const modes = tx.state.modes;
  const member: MemberRecord = {
    id: randomId(),
    email: input.email.trim().toLowerCase(),
    ...(passwordHash !== undefined ? { passwordHash } : {}),
    emailVerified: input.verified ?? !modes.emailVerification,
    ownerApproved: !modes.ownerApproval,
    requirePasswordReset: false,
    profile: input.profile ?? {},
    createdDate: now,
    updatedDate: now,
  };
  tx.state.members[member.id] = member;
  return member;
}

/**
 * Checks an email and password.
 * @throws {ApiError} MEMBER_NOT_FOUND, -19976 (wrong password) or -19973 (reset required).
 */
export async function checkCredentials(
  ctx: EmulatorContext,
  email: string,
  password: string,
): Promise<Readonly<MemberRecord>> {
  const member = findMemberByEmail(ctx, email);
  if (!member) {
    // Spend the same time as a real check, so timing does not tell which emails exist.
    await verifyPassword(
      password,
      'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    throw identityError('memberNotFound');
  }
  if (!member.passwordHash || !(await verifyPassword(password, member.passwordHash)))
    throw identityError('invalidPassword');
  if (member.requirePasswordReset) throw identityError('resetPassword');
  return member;
}

/**
 * Sets a member's password hash and ends the member's sessions but `keepFamilyId`'s.
 * @throws {ApiError} MEMBER_NOT_FOUND (404) when the member is gone.
 */
export function setPassword(
  ctx: EmulatorContext,
  tx: Transaction,
  memberId: string,
  passwordHash: string,
  keepFamilyId?: string,
): MemberRecord {
  const member = memberById(ctx, memberId);
  if (!member) throw identityError('memberNotFound', 404);
  const next: MemberRecord = {
    ...member,
    passwordHash,
    requirePasswordReset: false,
    updatedDate: ctx.nowIso(),
  };
  tx.state.members[memberId] = next;
  revokeMember(tx, memberId, keepFamilyId);
  return next;
}
