/**
 * The home page: a welcome, the collections, bestsellers and new arrivals (products by their
 * ribbon, on either catalog). Hooks: `useCollections`, `useProducts`.
 */
import type { ReactNode } from 'react';
import { useCollections, useProducts } from '@vitrine/react';
import { CollectionCard } from '@vitrine/shop-ui/components/CollectionCard';
import { ErrorMessage } from '@vitrine/shop-ui/components/Feedback';
import { Hero } from '@vitrine/shop-ui/components/Hero';
import { ProductGrid } from '@vitrine/shop-ui/components/ProductCard';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';
import { ShopLink } from '../shop-link';

export function HomePage(): ReactNode {
  usePageTitle(undefined);
  return (
    <div className="container">
      <HomeHero />
      <CollectionsSection />
      <FeaturedSection id="bestsellers" title="Bestsellers" ribbon="Bestseller" limit={8} />
      <FeaturedSection id="new" title="New arrivals" ribbon="New" limit={4} />
    </div>
  );
}

/** The bestseller query of the section below (same query, so one request), for the collage. */
const BESTSELLERS = { ribbon: 'Bestseller', limit: 8 } as const;

function HomeHero(): ReactNode {
  const products = useProducts(BESTSELLERS);
  return (
    <Hero products={products.data?.items ?? []}>
      <Link className="button" to={paths.shop()}>
        Shop all products
      </Link>
      <a className="button button--secondary" href="#new-title">
        See what&apos;s new
      </a>
    </Hero>
  );
}
function CollectionsSection(): ReactNode {
  const collections = useCollections({ sort: 'name-asc' });
  return (
    <section className="section" aria-labelledby="collections-title">
      <div className="section__head">
        <h2 id="collections-title">Shop by collection</h2>
      </div>
      {collections.error ? (
        <ErrorMessage error={collections.error} onRetry={() => void collections.refetch()} />
      ) : (
        <ul className="collection-grid" aria-busy={collections.isPending}>
          {collections.data
            ? collections.data.items.map((collection) => (
                <li key={collection.id}>
                  <CollectionCard collection={collection} link={ShopLink} />
                </li>
              ))
            : Array.from({ length: 6 }, (_, i) => (
                <li key={i} aria-hidden="true">
                  <div className="collection-card">
                    <div className="skeleton collection-card__placeholder" />
                    <div className="skeleton" style={{ height: '1rem', width: '60%' }} />
                  </div>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

function FeaturedSection({
  id,
  title,
  ribbon,
  limit,
}: {
  id: string;
  title: string;
  ribbon: string;
  limit: number;
}): ReactNode {
  const products = useProducts({ ribbon, limit });
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <div className="section__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to={paths.shop()}>See everything →</Link>
      </div>
      {products.error ? (
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <ProductGrid
          products={products.data?.items}
          skeletons={limit}
          label={title}
          link={ShopLink}
        />
      )}
    </section>
  );
}
