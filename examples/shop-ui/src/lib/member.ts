/** What the account page shows of the signed-in member. Pure, unit-tested in `src/__tests__/member.test.ts`. */
import type { Member } from '@vitrine/sdk';

/**
 * The member's name: their full name, else their nickname, else their login email.
 * @example memberName({ contact: { firstName: 'Ada', lastName: 'Lovelace' } }) // 'Ada Lovelace'
 */
export function memberName(member: Pick<Member, 'contact' | 'profile' | 'loginEmail'>): string {
  const full = [member.contact?.firstName, member.contact?.lastName].filter(Boolean).join(' ');
  return full || member.profile?.nickname || member.loginEmail || 'Member';
}
