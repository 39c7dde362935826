/**
 * The catalog on the home and collection pages, rendered on the server from the cached catalog
 * (`lib/catalog.ts`): no hooks, so the browser fetches nothing and hydrates nothing for them.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Collection, Product } from '@vitrine/sdk';
import { pluralize } from '../lib/format';
import { paths } from '../lib/paths';
import { ProductGrid } from './ProductCard';

/** "Shop by collection": a card per collection. */
export function CollectionsSection({
  collections,
}: {
  collections: readonly Collection[] | undefined;
}): ReactNode {
  return (
    <section className="section" aria-labelledby="collections-title">
      <div className="section__head">
        <h2 id="collections-title">Shop by collection</h2>
      </div>
      <ul className="collection-grid" aria-busy={collections === undefined}>
        {(collections ?? []).map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} />
          </li>
        ))}
      </ul>
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

/** A titled grid of products, or of grey cards (`skeletons` of them) while `products` is undefined. */
export function ProductShelf({
  id,
  title,
  products,
  skeletons = 8,
}: {
  id: string;
  title: string;
  products: readonly Product[] | undefined;
  skeletons?: number;
}): ReactNode {
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <div className="section__head">
        <h2 id={`${id}-title`}>{title}</h2>
      </div>
      <ProductGrid products={products} skeletons={skeletons} label={title} />
    </section>
  );
}
