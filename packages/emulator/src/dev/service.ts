/**
 * The developer service, shared by the `/_emulator/` endpoints and the object `startEmulator`
 * returns: identity modes, member approval, the outbox, a redacted state dump. Each change is one
 * store transaction.
 */
import type { OrderRecord } from '../models/cart.js';
import type { EmulatorContext } from '../context.js';
import type { IdentityModes, MemberRecord, WireIdentity } from '../models/identity.js';
import { findMemberByEmail, renderIdentity } from '../identity/members.js';

/** Changes identity modes; returns the modes now in force. */
export function setModes(
  ctx: EmulatorContext,
  modes: Partial<IdentityModes>,
): Promise<IdentityModes> {
  return ctx.store.transaction(({ state }) => {
    state.modes = { ...state.modes, ...modes };
    return { ...state.modes };
  });
}

/** The identity modes in force. */
export function currentModes(ctx: EmulatorContext): IdentityModes {
  return { ...ctx.store.state.modes };
}

/** Every order placed on the hosted checkout, oldest first (copies). */
export function listOrders(ctx: EmulatorContext): OrderRecord[] {
  return structuredClone(Object.values(ctx.store.state.orders));
}

/** The member with this id or email. */
function memberOf(ctx: EmulatorContext, idOrEmail: string) {
  const members = ctx.store.state.members;
  return Object.hasOwn(members, idOrEmail) ? members[idOrEmail] : findMemberByEmail(ctx, idOrEmail);
}

/** Changes a member (by id or email); `false` when there is no such member. */
function changeMember(
  ctx: EmulatorContext,
  idOrEmail: string,
  change: Partial<MemberRecord>,
): Promise<boolean> {
  return ctx.store.transaction(({ state }) => {
    const member = memberOf(ctx, idOrEmail);
    if (!member) return false;
    state.members[member.id] = { ...member, ...change, updatedDate: ctx.nowIso() };
    return true;
  });
}

/** The owner approves a member; `false` when there is no such member. */
export function approveMember(ctx: EmulatorContext, idOrEmail: string): Promise<boolean> {
  return changeMember(ctx, idOrEmail, { ownerApproved: true });
}

/** Makes a member's next login answer -19973 until the password is reset. */
export function requirePasswordReset(ctx: EmulatorContext, idOrEmail: string): Promise<boolean> {
  return changeMember(ctx, idOrEmail, { requirePasswordReset: true });
}

/** Forgets every message of the outbox. */
export function clearOutbox(ctx: EmulatorContext): Promise<void> {
  return ctx.store.transaction(({ state }) => {
    state.mail = [];
  });
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
