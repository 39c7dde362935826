/**
 * Developer controls shared by the `/_emulator/` endpoints and the object `startEmulator`
 * returns: identity modes, member approval, a redacted state dump.
 */
import type { EmulatorContext } from '../context.js';
import type { IdentityModes } from '../identity/model.js';
import { findMemberByEmail, renderIdentity } from '../identity/service.js';
import type { WireIdentity } from '../identity/model.js';

/** Changes identity modes; returns the modes now in force. */
export function setModes(ctx: EmulatorContext, modes: Partial<IdentityModes>): IdentityModes {
  const state = ctx.store.state;
  state.modes = { ...state.modes, ...modes };
  return { ...state.modes };
}

/** The member with this id or email. */
function memberOf(ctx: EmulatorContext, idOrEmail: string) {
  const members = ctx.store.state.members;
  return Object.hasOwn(members, idOrEmail) ? members[idOrEmail] : findMemberByEmail(ctx, idOrEmail);
}

/** The owner approves a member; `false` when there is no such member. */
export function approveMember(ctx: EmulatorContext, idOrEmail: string): boolean {
  const member = memberOf(ctx, idOrEmail);
  if (!member) return false;
  ctx.store.state.members[member.id] = {
    ...member,
    ownerApproved: true,
    updatedDate: ctx.nowIso(),
  };
  return true;
}

/** Makes a member's next login answer -19973 until the password is reset. */
export function requirePasswordReset(ctx: EmulatorContext, idOrEmail: string): boolean {
  const member = memberOf(ctx, idOrEmail);
  if (!member) return false;
  ctx.store.state.members[member.id] = {
    ...member,
    requirePasswordReset: true,
    updatedDate: ctx.nowIso(),
  };
  return true;
}

/** Every member's identity (never a password hash). */
export function listMembers(ctx: EmulatorContext): WireIdentity[] {
  return Object.values(ctx.store.state.members).map((m) => renderIdentity(ctx, m));
}

/** A state dump without secrets: token maps become counts, members lose their hashes. */
export function dumpState(ctx: EmulatorContext): Record<string, unknown> {
  const s = ctx.store.state;
  const live = (map: Record<string, { expiresAt: number }>) =>
    Object.values(map).filter((r) => r.expiresAt > ctx.now()).length;
  return {
    version: s.version,
    modes: { ...s.modes },
    counts: {
      products: Object.keys(s.products).length,
      collections: Object.keys(s.collections).length,
      carts: Object.keys(s.carts).length,
      members: Object.keys(s.members).length,
      orders: Object.keys(s.orders).length,
      liveAccessTokens: live(s.accessTokens),
      liveRefreshTokens: live(s.refreshTokens),
      families: Object.keys(s.families).length,
      mail: s.mail.length,
    },
    carts: structuredClone(s.carts),
    checkouts: structuredClone(s.checkouts),
    orders: structuredClone(s.orders),
    members: listMembers(ctx),
    collections: structuredClone(s.collections),
    products: structuredClone(s.products),
  };
}
