/**
 * The home page: a welcome, the collections and two shelves of products. The catalog queries are
 * fetched here, on the server, with this request's client, and handed to the client components
 * below through `<HydrationBoundary>`: the HTML has every product, and the browser fetches none.
 */
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { collectionsQueryOptions, createQueryClient, productsQueryOptions } from '@vitrine/react';
import { CollectionsSection, ProductShelf } from '../components/CatalogSections';
import { BESTSELLERS, COLLECTIONS, NEW_ARRIVALS } from '../lib/catalog-queries';
import { productImage } from '../lib/format';
import { getRequestStore } from '../lib/request-store';

export default async function HomePage(): Promise<ReactNode> {
  const store = await getRequestStore();
  // One QueryClient per request: the cache of one shopper's page is never another's.
  const queryClient = createQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(collectionsQueryOptions(store, COLLECTIONS)),
    queryClient.prefetchQuery(productsQueryOptions(store, BESTSELLERS)),
    queryClient.prefetchQuery(productsQueryOptions(store, NEW_ARRIVALS)),
  ]);
  const bestsellers = queryClient.getQueryData(productsQueryOptions(store, BESTSELLERS).queryKey);
  const heroImages = (bestsellers?.items ?? [])
    .map((product) => productImage(product))
    .filter((image) => image !== undefined)
    .slice(0, 3);

  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <div>
          <p className="hero__eyebrow">New season</p>
          <h1 id="hero-title">Good things for everyday life</h1>
          <p>
            Clothing, shoes, homeware and gear for the outdoors, made to last and chosen with care.
          </p>
          <div className="hero__actions">
            <Link className="button" href="#bestsellers-title">
              Shop bestsellers
            </Link>
            <Link className="button button--secondary" href="#new-title">
              See what&apos;s new
            </Link>
          </div>
        </div>
        <div className="hero__images" aria-hidden="true">
          {heroImages.map((image) => (
            <img key={image.url} src={image.url} alt="" width={240} height={240} />
          ))}
        </div>
      </section>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CollectionsSection />
        <ProductShelf id="bestsellers" title="Bestsellers" query={BESTSELLERS} />
        <ProductShelf id="new" title="New arrivals" query={NEW_ARRIVALS} />
      </HydrationBoundary>
    </div>
  );
}
