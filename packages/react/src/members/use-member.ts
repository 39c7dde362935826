'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Member, MemberFieldset, VitrineError } from '@vitrine/sdk';
import type { BaseOptions, CatalogQueryOptions } from '../catalog/hooks.js';
import type { storeQueryKeys } from '../catalog/query-keys.js';
import { useRequiredClient } from '../context.js';
import { useIdentity } from '../internal/use-identity.js';
import { useSession } from '../session/use-session.js';
import { memberQueryOptions } from './member-query-options.js';

/**
 * Options of {@link useMember}: TanStack's query options (`select`, `staleTime`, `enabled`…)
 * and the `fieldsets` to read.
 */
export type UseMemberOptions<TData = Member> = CatalogQueryOptions<
  Member,
  TData,
  ReturnType<typeof storeQueryKeys.member>
> & {
  /**
   * `PUBLIC` (the default) has the nickname and photo; `EXTENDED` adds the login email; `FULL`
   * adds the contact (first and last name, phones, addresses).
   */
  fieldsets?: readonly MemberFieldset[];
};

/**
 * The signed-in member's record (`GET /members/v1/members/my`). It reads only while a member is
 * signed in (for a visitor it waits, `fetchStatus: 'idle'`, and sends nothing), and reads again
 * for the next member: one member's record never shows to another.
 *
 * @example
 * const { data: member } = useMember({ fieldsets: ['FULL'] });
 * const name = member?.contact?.firstName ?? member?.profile?.nickname;
 * @throws {MissingStoreProviderError} outside a `<StoreProvider>`.
 */
export function useMember<TData = Member>(
  options: UseMemberOptions<TData> = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useMember');
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const identity = useIdentity(client);
  const { fieldsets, enabled, ...rest } = options;
  const base: BaseOptions<Member, ReturnType<typeof storeQueryKeys.member>> = memberQueryOptions(
    client,
    { identity, ...(fieldsets ? { fieldsets } : {}) },
  );
  return useQuery({
    ...base,
    ...rest,
    enabled: isLoggedIn ? (enabled ?? true) : false,
  });
}
