/**
 * The member calls on the wire: the signed-in member, read from the platform's Members API
 * (`GET /members/v1/members/my`). `store.members` (members-api.ts) loads them the first time
 * one is made.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import type { Transport } from '../http/transport.js';
import { unwrap } from '../http/unwrap.js';
import { describe } from '../internal/checks.js';
import type { Member } from '../models/members.js';
import { MemberFieldset } from '../models/members.js';
import type { GetCurrentMemberOptions, MembersApi } from './types.js';

/**
 * The one fieldset sent for `fieldsets`: the largest, which holds the others' fields (the
 * platform answers the union).
 */
function fieldsetOf(fieldsets: unknown): MemberFieldset | undefined {
  if (fieldsets === undefined) return undefined;
  if (!Array.isArray(fieldsets))
    throw new StoreArgumentError('fieldsets', `must be an array, got ${describe(fieldsets)}`);
  let largest = -1;
  fieldsets.forEach((fieldset: unknown, index) => {
    if (!MemberFieldset.includes(fieldset))
      throw new StoreArgumentError(
        `fieldsets[${index}]`,
        `must be one of ${MemberFieldset.values.join(', ')}`,
      );
    largest = Math.max(largest, MemberFieldset.values.indexOf(fieldset));
  });
  return MemberFieldset.values[largest];
}

/** The member calls on a transport. */
export function createMemberCalls(transport: Transport): MembersApi {
  return {
    async getCurrentMember(options: GetCurrentMemberOptions = {}): Promise<Member> {
      const fieldset = fieldsetOf(options.fieldsets);
      const response = await transport.request({
        method: 'GET',
        path: '/members/v1/members/my',
        ...(fieldset !== undefined ? { searchParams: { fieldsets: fieldset } } : {}),
        signal: options.signal,
      });
      return unwrap<Member>(response, 'member', 'members.getCurrentMember');
    },
  };
}
