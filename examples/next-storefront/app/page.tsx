/**
 * The home page. Its catalog queries are fetched here, on the server, with this request's client,
 * and handed to the client components below through `<HydrationBoundary>`: the HTML has every
 * product, and the browser fetches none of them again.
 */
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { collectionsQueryOptions, createQueryClient, productsQueryOptions } from '@vitrine/react';
import { CollectionsSection, ProductShelf } from '../components/CatalogSections';
import { Hero } from '../components/Hero';
import { BESTSELLERS, COLLECTIONS, NEW_ARRIVALS } from '../lib/catalog-queries';
import { getRequestStore } from '../lib/request-store';

export default async function HomePage(): Promise<ReactNode> {
  const store = await getRequestStore();
  // One QueryClient per request: one shopper's cache is never another's.
  const queryClient = createQueryClient();
  // Prefetching never throws: a query that fails here is left for the browser to retry.
  await Promise.all([
    queryClient.prefetchQuery(collectionsQueryOptions(store, COLLECTIONS)),
    queryClient.prefetchQuery(productsQueryOptions(store, BESTSELLERS)),
    queryClient.prefetchQuery(productsQueryOptions(store, NEW_ARRIVALS)),
  ]);
  const bestsellers = queryClient.getQueryData(productsQueryOptions(store, BESTSELLERS).queryKey);
  return (
    <div className="container">
      <Hero products={bestsellers?.items ?? []} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CollectionsSection />
        <ProductShelf id="bestsellers" title="Bestsellers" query={BESTSELLERS} />
        <ProductShelf id="new" title="New arrivals" query={NEW_ARRIVALS} />
      </HydrationBoundary>
    </div>
  );
}
