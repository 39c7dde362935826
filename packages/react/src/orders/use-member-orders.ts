'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { OrderSearch, VitrineError } from '@vitrine/sdk';
import type { BaseOptions, CatalogQueryOptions } from '../catalog/hooks.js';
import type { storeQueryKeys } from '../catalog/query-keys.js';
import { useRequiredClient } from '../context.js';
import { useIdentity } from '../internal/use-identity.js';
import { useSession } from '../session/use-session.js';
import { memberOrdersQueryOptions, type MemberOrdersPage } from './member-orders-query-options.js';

/**
 * One page of the signed-in member's past orders (`POST /ecom/v1/orders/search` with their
 * token: their own orders only), newest first. It reads only while a member is signed in (for a
 * visitor it waits and sends nothing), and reads again for the next member. A new order shows
 * after `queryClient.invalidateQueries({ queryKey: storeQueryKeys.members(store.clientId) })`, or
 * on the page's next visit.
 *
 * @example
 * const { data } = useMemberOrders({ cursorPaging: { limit: 10 } });
 * data?.items.map((order) => order.number);
 * const next = useMemberOrders({ cursorPaging: { limit: 10, cursor: data?.cursors.next } }, { enabled: Boolean(data?.cursors.next) });
 * @throws {MissingStoreProviderError} outside a `<StoreProvider>`.
 */
export function useMemberOrders<TData = MemberOrdersPage>(
  search: OrderSearch = {},
  options: CatalogQueryOptions<
    MemberOrdersPage,
    TData,
    ReturnType<typeof storeQueryKeys.memberOrders>
  > = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useMemberOrders');
  const isLoggedIn = useSession((session) => session.isLoggedIn);
  const identity = useIdentity(client);
  const { enabled, ...rest } = options;
  const base: BaseOptions<
    MemberOrdersPage,
    ReturnType<typeof storeQueryKeys.memberOrders>
  > = memberOrdersQueryOptions(client, search, identity);
  return useQuery({
    ...base,
    ...rest,
    enabled: isLoggedIn ? (enabled ?? true) : false,
  });
}
