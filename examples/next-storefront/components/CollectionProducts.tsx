/**
 * A collection (a Catalog V1 collection or a Catalog V3 category) and one page of its products,
 * from the cached catalog (`getCollectionBySlug`, `getCollectionProducts` by cursor): the body of
 * a collection's first page and of its later ones. Server components: no request-time part.
 */
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getCollectionBySlug, getCollectionProducts } from '@vitrine/next';
import { pageAt } from '../lib/cursor-page';
import { plainText } from '@vitrine/shop-ui/lib/format';
import { PAGE_SIZE } from '../lib/catalog-queries';
import { paths } from '../lib/paths';
import { Breadcrumbs } from './Breadcrumbs';
import { ProductShelf } from './CatalogSections';
import { ProductPager, pageCountText } from './ProductPager';

/** The collection `slug`'s page of products starting at `after` (the first without it). */
export async function CollectionProducts({
  slug,
  after,
}: {
  slug: string;
  after: string | undefined;
}): Promise<ReactNode> {
  const collection = await getCollectionBySlug(slug);
  if (!collection) notFound();
  const page = await pageAt(() =>
    getCollectionProducts(collection.id, {
      limit: PAGE_SIZE,
      ...(after === undefined ? {} : { cursor: after }),
    }),
  );
  // A cursor of another collection, or one the store no longer knows, finds nothing.
  if (after !== undefined && page.items.length === 0) notFound();
  return (
    <>
      <Breadcrumbs current={collection.name} />
      <h1>{collection.name}</h1>
      {collection.description ? <p>{plainText(collection.description)}</p> : null}
      <p className="toolbar__count">
        {pageCountText(
          page.items.length,
          page.totalCount ?? collection.productCount,
          page.hasNext || after !== undefined,
        )}
      </p>
      <ProductShelf
        id="collection"
        title={`Everything in ${collection.name}`}
        products={page.items}
      />
      <ProductPager
        label={`Pages of ${collection.name}`}
        nextHref={
          page.nextCursor === null ? undefined : paths.collectionPage(slug, page.nextCursor)
        }
        firstHref={after === undefined ? undefined : paths.collectionPage(slug)}
      />
    </>
  );
}
