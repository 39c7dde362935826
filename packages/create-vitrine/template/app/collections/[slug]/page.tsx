/**
 * A collection and its products, from the cached catalog. No request-time part: Next keeps each
 * collection's page whole after its first view.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { getCollectionBySlug, getCollectionProducts } from '@vitrine/next';
import { ProductGrid } from '../../../components/ProductCard';
import { plainText } from '../../../lib/format';

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
    <Suspense fallback={<p>Loading the collection…</p>}>
      <Collection params={params} />
    </Suspense>
  );
}

async function Collection({ params }: CollectionPageProps): Promise<ReactNode> {
  const collection = await getCollectionBySlug((await params).slug);
  if (collection === null) notFound();
  const products = await getCollectionProducts(collection.id, { limit: 24 });
  return (
    <>
      <h1>{collection.name}</h1>
      {collection.description ? <p className="lead">{plainText(collection.description)}</p> : null}
      <ProductGrid products={products.items} />
    </>
  );
}
