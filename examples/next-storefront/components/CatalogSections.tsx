/**
 * The catalog on the home and collection pages, rendered on the server from the cached catalog
 * (`@vitrine/next`'s catalog, in the SDK's storefront model): no hooks, so the browser fetches nothing and hydrates nothing for them.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { StorefrontCategory, StorefrontProduct } from '@vitrine/sdk';
import { CollectionCard } from '@vitrine/shop-ui/components/CollectionCard';
import { ProductGrid } from '@vitrine/shop-ui/components/ProductCard';

/** "Shop by collection": a card per collection. */
export function CollectionsSection({
  collections,
}: {
  collections: readonly StorefrontCategory[] | undefined;
}): ReactNode {
  return (
    <section className="section" aria-labelledby="collections-title">
      <div className="section__head">
        <h2 id="collections-title">Shop by collection</h2>
      </div>
      <ul className="collection-grid" aria-busy={collections === undefined}>
        {(collections ?? []).map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} link={Link} />
          </li>
        ))}
      </ul>
    </section>
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
  products: readonly StorefrontProduct[] | undefined;
  skeletons?: number;
}): ReactNode {
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <div className="section__head">
        <h2 id={`${id}-title`}>{title}</h2>
      </div>
      <ProductGrid products={products} skeletons={skeletons} label={title} link={Link} />
    </section>
  );
}
