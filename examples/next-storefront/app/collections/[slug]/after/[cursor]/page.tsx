/**
 * A later page of a collection's products: the page that starts at `cursor` (the page before's
 * `nextCursor`). Like the first page, no request-time part: each is kept whole once viewed.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { getCollectionBySlug } from '@vitrine/next';
import { ProductShelf } from '../../../../../components/CatalogSections';
import { CollectionProducts } from '../../../../../components/CollectionProducts';

interface LaterPageProps {
  params: Promise<{ slug: string; cursor: string }>;
}

/** A stand-in for the build, which reads no store and prerenders the shell only. */
export function generateStaticParams(): { slug: string; cursor: string }[] {
  return [{ slug: '_', cursor: '_' }];
}

export async function generateMetadata({ params }: LaterPageProps): Promise<Metadata> {
  const collection = await getCollectionBySlug((await params).slug);
  return { title: collection ? `${collection.name}: more` : 'Collection not found' };
}

export default function CollectionLaterPage({ params }: LaterPageProps): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<ProductShelf id="collection" title="Loading…" products={undefined} />}>
        <LaterPage params={params} />
      </Suspense>
    </div>
  );
}

async function LaterPage({ params }: LaterPageProps): Promise<ReactNode> {
  const { slug, cursor } = await params;
  return <CollectionProducts slug={slug} after={decodeURIComponent(cursor)} />;
}
