import { describe, expect, it } from 'vitest';
import { json, recordingFetch, type Responder } from '../../__tests__/helpers.js';
import { createStoreClient } from '../../client/create-store-client.js';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { StoreApplicationError } from '../../http/errors/application-error.js';

const tokens = {
  accessToken: { value: 'at_member', expiresAt: 4_102_444_800 },
  refreshToken: { value: 'rt_member', role: 'member' as const },
};
const MEMBER = {
  id: 'm1',
  contactId: 'm1',
  loginEmail: 'ada@example.com',
  status: 'APPROVED',
  profile: { nickname: 'Ada', slug: 'ada' },
  contact: { firstName: 'Ada', lastName: 'Lovelace', emails: ['ada@example.com'] },
};

function setup(responder: Responder) {
  const recorder = recordingFetch(responder);
  const store = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  return { store, requests: recorder.requests };
}

describe('members', () => {
  describe('getCurrentMember', () => {
    it('GETs /members/v1/members/my with the member token and unwraps {member}', async () => {
      const { store, requests } = setup(() => json({ member: MEMBER }));
      await expect(store.members.getCurrentMember()).resolves.toEqual(MEMBER);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request!.method).toBe('GET');
      expect(request!.url.href).toBe('https://readonly.wixapis.com/members/v1/members/my');
      expect(request!.headers.get('authorization')).toBe('at_member');
      expect(request!.body).toBe('');
    });

    it('sends the largest fieldset asked for as ?fieldsets=', async () => {
      const { store, requests } = setup(() => json({ member: MEMBER }));
      await store.members.getCurrentMember({ fieldsets: ['FULL'] });
      await store.members.getCurrentMember({ fieldsets: ['PUBLIC', 'EXTENDED'] });
      expect(requests.map((r) => r.url.search)).toEqual(['?fieldsets=FULL', '?fieldsets=EXTENDED']);
    });

    it("answers a visitor's 404 NOT_FOUND as a StoreApplicationError", async () => {
      const { store } = setup(() =>
        json(
          {
            message: 'The caller is not a member of this site',
            details: { applicationError: { code: 'NOT_FOUND', description: 'not a member' } },
          },
          { status: 404 },
        ),
      );
      const error: unknown = await store.members.getCurrentMember().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreApplicationError);
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('refuses an unknown fieldset before sending', async () => {
      const { store, requests } = setup(() => json({ member: MEMBER }));
      const error: unknown = await store.members
        .getCurrentMember({ fieldsets: ['ALL' as never] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreArgumentError);
      expect(error).toMatchObject({ argument: 'fieldsets[0]' });
      expect(requests).toHaveLength(0);
    });

    it('throws UNEXPECTED_RESPONSE for an answer without {member}', async () => {
      const { store } = setup(() => json({ somethingElse: true }));
      await expect(store.members.getCurrentMember()).rejects.toMatchObject({
        code: 'UNEXPECTED_RESPONSE',
      });
    });
  });
});
