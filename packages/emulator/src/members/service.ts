/** The signed-in member's own record (the platform's Members API "Get My Member"). */
import type { IdentityCaller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { renderMember, type MemberFieldset, type WireMember } from './view.js';

/**
 * The caller's member record in the asked fieldsets. A visitor is not a member.
 * @throws {ApiError} 404 NOT_FOUND when the caller is not a member of this site.
 */
export function myMember(
  ctx: EmulatorContext,
  caller: IdentityCaller,
  fieldsets: readonly MemberFieldset[],
): { member: WireMember } {
  const memberId = caller.role === 'member' ? caller.memberId : undefined;
  const members = ctx.store.state.members;
  const member =
    memberId !== undefined && Object.hasOwn(members, memberId) ? members[memberId] : undefined;
  if (!member) throw notFound('The caller is not a member of this site');
  return { member: renderMember(member, fieldsets) };
}
