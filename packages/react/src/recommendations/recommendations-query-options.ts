import { queryOptions } from '@tanstack/react-query';
import type {
  GetRecommendationInput,
  Recommendation,
  StoreClient,
  VitrineError,
} from '@vitrine/sdk';
import { storeQueryKeys } from '../catalog/query-keys.js';

/**
 * Query options of a recommendation (`store.recommendations.get`), for `useQuery` or
 * `queryClient.prefetchQuery`.
 *
 * @example
 * await queryClient.prefetchQuery(recommendationsQueryOptions(store, { algorithms: [STORES_RECOMMENDATION_ALGORITHMS.bestSellers] }));
 */
export function recommendationsQueryOptions(client: StoreClient, input: GetRecommendationInput) {
  return queryOptions<
    Recommendation,
    VitrineError,
    Recommendation,
    ReturnType<typeof storeQueryKeys.recommendations>
  >({
    queryKey: storeQueryKeys.recommendations(client.clientId, input),
    queryFn: ({ signal }) => client.recommendations.get(input, { signal }),
    retry: false,
  });
}
