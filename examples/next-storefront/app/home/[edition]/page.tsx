/**
 * The home page, served at `/` (next.config's rewrite to `/home/default`). Its welcome is part of
 * the cached shell; the catalog below it comes from the cached catalog (`@vitrine/next`'s
 * `getProducts` by ribbon, `getCollections` by name: the storefront model, on either catalog), behind a `<Suspense>` whose fallback is in the shell. It has
 * no request-time part, so Next keeps it whole after its first view. Why a dynamic segment: a
 * build reads no store (one build runs against any), so a page Next prerenders at build time
 * could only keep the catalog as a request-time part; a page of a dynamic segment the build did
 * not list (`default`) is rendered on its first view, with the store, and kept whole (ISR).
 */
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import type { StorefrontProduct } from '@vitrine/sdk';
import { Hero } from '@vitrine/shop-ui/components/Hero';
import { CollectionsSection, ProductShelf } from '../../../components/CatalogSections';
import { getCollections, getProducts } from '@vitrine/next';
import { BESTSELLERS, COLLECTIONS, NEW_ARRIVALS } from '../../../lib/catalog-queries';

/** The home page's one edition, what `/` is rewritten to (next.config.ts). */
const HOME_EDITION = 'default';

interface HomePageProps {
  params: Promise<{ edition: string }>;
}

/** A stand-in for the build, which prerenders the shell only (see above). */
export function generateStaticParams(): { edition: string }[] {
  return [{ edition: '_' }];
}

export default function HomePage({ params }: HomePageProps): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<HomeCatalogPlaceholder />}>
        <HomeCatalog params={params} />
      </Suspense>
    </div>
  );
}

async function HomeCatalog({ params }: HomePageProps): Promise<ReactNode> {
  if ((await params).edition !== HOME_EDITION) notFound();
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
function HomeHero({
  products,
}: {
  products: readonly Pick<StorefrontProduct, 'image'>[];
}): ReactNode {
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
