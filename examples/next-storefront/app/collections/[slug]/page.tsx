/**
 * A collection and the first page of its products, from the cached catalog (`@vitrine/next`),
 * behind a `<Suspense>` whose fallback is in the cached shell; its later pages are
 * `after/[cursor]`. No request-time part: Next keeps each collection's page whole after its first
 * view, tagged with its catalog entries' tags.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { getCollectionBySlug } from '@vitrine/next';
import { ProductShelf } from '../../../components/CatalogSections';
import { CollectionProducts } from '../../../components/CollectionProducts';

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
        <FirstPage params={params} />
      </Suspense>
    </div>
  );
}

async function FirstPage({ params }: CollectionPageProps): Promise<ReactNode> {
  return <CollectionProducts slug={(await params).slug} after={undefined} />;
}
