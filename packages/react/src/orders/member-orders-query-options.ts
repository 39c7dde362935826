import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderSearch, OrdersPage, StoreClient, VitrineError } from '@vitrine/sdk';
import { storeQueryKeys } from '../catalog/query-keys.js';

/** A page of the member's orders as the hooks and the cache hold it: plain JSON. */
export interface MemberOrdersPage {
  /** The orders of this page, newest first unless the search sorts otherwise. */
  items: readonly Order[];
  /** Cursors of the pages after and before, for `cursorPaging.cursor`. */
  cursors: { next?: string; prev?: string };
  /** `true` when another page follows (its cursor is `cursors.next`). */
  hasNextPage: boolean;
}

function toMemberOrdersPage(page: OrdersPage): MemberOrdersPage {
  return { items: page.items, cursors: { ...page.cursors }, hasNextPage: page.hasNext() };
}

/**
 * Query options of one page of the signed-in member's orders (`store.orders.search` with their
 * token, which finds their own orders only), for `useQuery` or `queryClient.prefetchQuery`.
 *
 * @example
 * const { data } = useSuspenseQuery(memberOrdersQueryOptions(store, { cursorPaging: { limit: 10 } }));
 */
export function memberOrdersQueryOptions(
  client: StoreClient,
  search: OrderSearch = {},
  identity = 0,
) {
  return queryOptions<
    MemberOrdersPage,
    VitrineError,
    MemberOrdersPage,
    ReturnType<typeof storeQueryKeys.memberOrders>
  >({
    queryKey: storeQueryKeys.memberOrders(client.clientId, identity, search),
    queryFn: async ({ signal }) =>
      toMemberOrdersPage(await client.orders.search(search, { signal })),
    retry: false,
  });
}
