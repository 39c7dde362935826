'use client';
/**
 * The catalog on the home and collection pages. These read TanStack Query: on the server and
 * while hydrating, the data comes from the server's prefetch (`<HydrationBoundary>` on the page),
 * so the first HTML has the products and the browser does not fetch them again. Hooks:
 * `useCollections`, `useProducts`.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useCollections, useProducts } from '@vitrine/react';
import type { Collection, ProductQuery } from '@vitrine/sdk';
import { COLLECTIONS } from '../lib/catalog-queries';
import { pluralize } from '../lib/format';
import { paths } from '../lib/paths';
import { ErrorMessage } from './Feedback';
import { ProductGrid } from './ProductCard';

/** "Shop by collection": a card per collection. */
export function CollectionsSection(): ReactNode {
  const collections = useCollections(COLLECTIONS);
  return (
    <section className="section" aria-labelledby="collections-title">
      <div className="section__head">
        <h2 id="collections-title">Shop by collection</h2>
      </div>
      {collections.error ? (
        <ErrorMessage error={collections.error} onRetry={() => void collections.refetch()} />
      ) : (
        <ul className="collection-grid" aria-busy={collections.isPending}>
          {(collections.data?.items ?? []).map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CollectionCard({ collection }: { collection: Collection }): ReactNode {
  const image = collection.media?.mainMedia?.image?.url;
  return (
    <Link className="collection-card" href={paths.collection(collection.slug ?? collection.id)}>
      {image ? (
        <img src={image} alt="" width={320} height={240} loading="lazy" />
      ) : (
        <div className="collection-card__placeholder" aria-hidden="true" />
      )}
      <span className="collection-card__name">{collection.name}</span>
      {collection.numberOfProducts !== undefined ? (
        <span className="collection-card__count">
          {pluralize(collection.numberOfProducts, 'product')}
        </span>
      ) : null}
    </Link>
  );
}

/** A titled grid of the products `query` finds. */
export function ProductShelf({
  id,
  title,
  query,
}: {
  id: string;
  title: string;
  query: ProductQuery;
}): ReactNode {
  const products = useProducts(query);
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <div className="section__head">
        <h2 id={`${id}-title`}>{title}</h2>
      </div>
      {products.error ? (
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <ProductGrid
          products={products.data?.items}
          skeletons={query.paging?.limit ?? 8}
          label={title}
        />
      )}
    </section>
  );
}
