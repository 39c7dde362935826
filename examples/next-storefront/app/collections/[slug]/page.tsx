/**
 * A collection and its products, from the cached catalog (`lib/catalog.ts`) at request time,
 * behind a `<Suspense>` whose fallback is in the cached shell.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ProductShelf } from '../../../components/CatalogSections';
import { findCollection, getProducts } from '../../../lib/catalog';
import { collectionProducts } from '../../../lib/catalog-queries';
import { requestStoreConfig } from '../../../lib/store-config';

interface CollectionPageProps {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: CollectionPageProps): Promise<Metadata> {
  const collection = await findCollection(await requestStoreConfig(), (await params).slug);
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
  const config = await requestStoreConfig();
  const collection = await findCollection(config, (await params).slug);
  if (!collection) notFound();
  const products = await getProducts(config, collectionProducts(collection.id));
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
