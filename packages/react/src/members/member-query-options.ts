import { queryOptions } from '@tanstack/react-query';
import type { Member, MemberFieldset, StoreClient, VitrineError } from '@vitrine/sdk';
import { storeQueryKeys } from '../catalog/query-keys.js';

/** What {@link memberQueryOptions} reads. */
export interface MemberQueryInput {
  /** The fieldsets to read (`PUBLIC` by default; `FULL` for names and email). */
  fieldsets?: readonly MemberFieldset[];
  /** The client's identity count, which `useMember` puts in the key. @default 0 */
  identity?: number;
}

/**
 * Query options of the signed-in member's record (`store.members.getCurrentMember`), for
 * `useQuery`, `useSuspenseQuery` or `queryClient.prefetchQuery`. Only for a member: a visitor's
 * read fails with 404 `NOT_FOUND`.
 *
 * @example
 * await queryClient.prefetchQuery(memberQueryOptions(store, { fieldsets: ['FULL'] }));
 */
export function memberQueryOptions(client: StoreClient, input: MemberQueryInput = {}) {
  const { fieldsets, identity = 0 } = input;
  return queryOptions<Member, VitrineError, Member, ReturnType<typeof storeQueryKeys.member>>({
    queryKey: storeQueryKeys.member(client.clientId, identity, fieldsets),
    queryFn: ({ signal }) =>
      client.members.getCurrentMember({ ...(fieldsets ? { fieldsets } : {}), signal }),
    retry: false,
  });
}
