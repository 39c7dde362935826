/**
 * The home page. Its welcome is part of the cached shell; the catalog below it comes from the
 * cached catalog (`@vitrine/next`'s `getProducts`, `getCollections`) at request time, behind a `<Suspense>` whose fallback is in
 * the shell: a warm cache answers without asking the platform.
 */
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import type { Product } from '@vitrine/sdk';
import { Hero } from '@vitrine/shop-ui/components/Hero';
import { CollectionsSection, ProductShelf } from '../components/CatalogSections';
import { getCollections, getProducts } from '@vitrine/next';
import { BESTSELLERS, COLLECTIONS, NEW_ARRIVALS } from '../lib/catalog-queries';

export default function HomePage(): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<HomeCatalogPlaceholder />}>
        <HomeCatalog />
      </Suspense>
    </div>
  );
}

async function HomeCatalog(): Promise<ReactNode> {
  const [collections, bestsellers, newArrivals] = await Promise.all([
    getCollections(COLLECTIONS),
    getProducts(BESTSELLERS),
    getProducts(NEW_ARRIVALS),
  ]);
  return (
    <>
      <HomeHero products={bestsellers.items} />
      <CollectionsSection collections={collections.items} />
      <ProductShelf id="bestsellers" title="Bestsellers" products={bestsellers.items} />
      <ProductShelf id="new" title="New arrivals" products={newArrivals.items} />
    </>
  );
}

/** The shell's stand-in for the catalog: the welcome and grey cards. */
function HomeCatalogPlaceholder(): ReactNode {
  return (
    <>
      <HomeHero products={[]} />
      <CollectionsSection collections={undefined} />
      <ProductShelf id="bestsellers" title="Bestsellers" products={undefined} />
      <ProductShelf id="new" title="New arrivals" products={undefined} skeletons={4} />
    </>
  );
}

/** The welcome, with a collage of `products`, and links down to the shelves. */
function HomeHero({ products }: { products: readonly Product[] }): ReactNode {
  return (
    <Hero products={products}>
      <Link className="button" href="#bestsellers-title">
        Shop bestsellers
      </Link>
      <Link className="button button--secondary" href="#new-title">
        See what&apos;s new
      </Link>
    </Hero>
  );
}
