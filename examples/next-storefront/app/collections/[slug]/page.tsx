/**
 * A collection and its products. The same pattern as the home page: the products are prefetched
 * on the server and hydrate the client component's query, so the browser fetches nothing.
 */
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import { createQueryClient, productsQueryOptions } from '@vitrine/react';
import { isStoreApiError, type Collection } from '@vitrine/sdk';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ProductShelf } from '../../../components/CatalogSections';
import { collectionProducts } from '../../../lib/catalog-queries';
import { getRequestStore } from '../../../lib/request-store';

interface CollectionPageProps {
  params: Promise<{ slug: string }>;
}

/** The collection with this slug; once per request (metadata and page). */
const findCollection = cache(async (slug: string): Promise<Collection | undefined> => {
  const store = await getRequestStore();
  try {
    return await store.collections.getBySlug(slug);
  } catch (error) {
    if (isStoreApiError(error) && error.status === 404) return undefined;
    throw error;
  }
});

export async function generateMetadata({ params }: CollectionPageProps): Promise<Metadata> {
  const collection = await findCollection((await params).slug);
  return { title: collection?.name ?? 'Collection not found' };
}

export default async function CollectionPage({ params }: CollectionPageProps): Promise<ReactNode> {
  const collection = await findCollection((await params).slug);
  if (!collection) notFound();
  const query = collectionProducts(collection.id);
  const queryClient = createQueryClient();
  await queryClient.prefetchQuery(productsQueryOptions(await getRequestStore(), query));

  return (
    <div className="container">
      <Breadcrumbs current={collection.name} />
      <h1>{collection.name}</h1>
      {collection.description ? <p>{collection.description}</p> : null}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ProductShelf id="collection" title={`Everything in ${collection.name}`} query={query} />
      </HydrationBoundary>
    </div>
  );
}
