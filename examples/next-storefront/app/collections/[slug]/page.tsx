/**
 * A collection and its products, from the cached catalog (`@vitrine/next`), behind a
 * `<Suspense>` whose fallback is in the cached shell. No request-time part: Next keeps each
 * collection's page whole after its first view, tagged with its catalog entries' tags.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ProductShelf } from '../../../components/CatalogSections';
import { getCollectionBySlug, getCollectionProducts } from '@vitrine/next';
import { COLLECTION_PAGE } from '../../../lib/catalog-queries';

interface CollectionPageProps {
  params: Promise<{ slug: string }>;
}

/** One stand-in slug for the build, which reads no store and prerenders the shell only. */
export function generateStaticParams(): { slug: string }[] {
  return [{ slug: '_' }];
}

export async function generateMetadata({ params }: CollectionPageProps): Promise<Metadata> {
  const collection = await getCollectionBySlug((await params).slug);
  return { title: collection?.name ?? 'Collection not found' };
}

export default function CollectionPage({ params }: CollectionPageProps): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<ProductShelf id="collection" title="Loading…" products={undefined} />}>
        <CollectionContent params={params} />
      </Suspense>
    </div>
  );
}

async function CollectionContent({ params }: CollectionPageProps): Promise<ReactNode> {
  const collection = await getCollectionBySlug((await params).slug);
  if (!collection) notFound();
  const products = await getCollectionProducts(collection.id, COLLECTION_PAGE);
  return (
    <>
      <Breadcrumbs current={collection.name} />
      <h1>{collection.name}</h1>
      {collection.description ? <p>{collection.description}</p> : null}
      <ProductShelf
        id="collection"
        title={`Everything in ${collection.name}`}
        products={products.items}
      />
    </>
  );
}
