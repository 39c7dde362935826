'use client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { GetRecommendationInput, Recommendation, VitrineError } from '@vitrine/sdk';
import type { BaseOptions, CatalogQueryOptions } from '../catalog/hooks.js';
import type { storeQueryKeys } from '../catalog/query-keys.js';
import { useRequiredClient } from '../context.js';
import { recommendationsQueryOptions } from './recommendations-query-options.js';

/**
 * Items to recommend (`POST /v1/recommendations/get`): `{ items, algorithm }` of the first
 * algorithm that recommends at least `minimumRecommendedItems`, or `{ items: [] }`. Waits while
 * `input` is `undefined` (until a cart has lines, say). The items are catalog references: read
 * their products with `useProducts({ filter: { id: { $in: ids } } })`.
 *
 * @example
 * const { data } = useRecommendations(lines.length === 0 ? undefined : {
 *   algorithms: [STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories],
 *   items: lines.map((line) => line.catalogReference),
 *   minimumRecommendedItems: 1,
 * });
 * @throws {MissingStoreProviderError} outside a `<StoreProvider>`.
 */
export function useRecommendations<TData = Recommendation>(
  input: GetRecommendationInput | undefined,
  options: CatalogQueryOptions<
    Recommendation,
    TData,
    ReturnType<typeof storeQueryKeys.recommendations>
  > = {},
): UseQueryResult<TData, VitrineError> {
  const client = useRequiredClient('useRecommendations');
  const { enabled, ...rest } = options;
  const base: BaseOptions<
    Recommendation,
    ReturnType<typeof storeQueryKeys.recommendations>
  > = recommendationsQueryOptions(client, input ?? { algorithms: [] });
  return useQuery({
    ...base,
    ...rest,
    enabled: input === undefined ? false : (enabled ?? true),
  });
}
