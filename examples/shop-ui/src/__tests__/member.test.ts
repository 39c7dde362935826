import { describe, expect, it } from 'vitest';
import { memberName } from '../lib/member';

describe('memberName', () => {
  it('is the full name, else the nickname, else the login email', () => {
    expect(memberName({ contact: { firstName: 'Ada', lastName: 'Lovelace' } })).toBe(
      'Ada Lovelace',
    );
    expect(memberName({ contact: { firstName: 'Ada' }, profile: { nickname: 'al' } })).toBe('Ada');
    expect(memberName({ contact: {}, profile: { nickname: 'al' } })).toBe('al');
    expect(memberName({ loginEmail: 'a@example.com' })).toBe('a@example.com');
    expect(memberName({})).toBe('Member');
  });
});
