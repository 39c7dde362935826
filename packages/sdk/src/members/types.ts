/**
 * The types of `store.members`: its calls and their options, apart from the code (see
 * members-api.ts and member-calls.ts), which import them.
 */
import type { Member, MemberFieldset } from '../models/members.js';

/** Options of {@link MembersApi.getCurrentMember}. */
export interface GetCurrentMemberOptions {
  /**
   * Which fields to read (the platform's fieldsets): `PUBLIC` has the profile (nickname, slug,
   * photo), `EXTENDED` adds the login email and statuses, `FULL` adds the contact (first and last
   * name, phones, emails, addresses). Several read the largest.
   * @default the platform's, `PUBLIC`
   * @example { fieldsets: ['FULL'] }
   */
  fieldsets?: readonly MemberFieldset[];
  /** Aborts the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The platform's Members API, for the signed-in member. */
export interface MembersApi {
  /**
   * The signed-in member: `GET /members/v1/members/my`. A member reads only their own record.
   *
   * @example
   * const member = await store.members.getCurrentMember({ fieldsets: ['FULL'] });
   * greet(member.contact?.firstName ?? member.profile?.nickname);
   * @throws {StoreApplicationError} with status 404 and code `NOT_FOUND` when the caller is not
   * a member (a visitor); check `store.auth.isLoggedIn()` first to spare the call.
   * @throws {StoreArgumentError} before sending, for a fieldset that is not one of
   * `PUBLIC`, `EXTENDED`, `FULL`.
   */
  getCurrentMember(options?: GetCurrentMemberOptions): Promise<Member>;
}
