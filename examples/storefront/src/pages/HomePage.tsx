/** The home page: a welcome, the collections, bestsellers and new arrivals. Hooks: `useCollections`, `useProducts`. */
import type { ReactNode } from 'react';
import { useCollections, useProducts } from '@vitrine/react';
import type { Collection } from '@vitrine/sdk';
import { ErrorMessage } from '../components/Feedback';
import { ProductGrid } from '../components/ProductCard';
import { pluralize, productImage } from '../lib/format';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function HomePage(): ReactNode {
  usePageTitle(undefined);
  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <div>
          <p className="hero__eyebrow">New season</p>
          <h1 id="hero-title">Good things for everyday life</h1>
          <p>
            Clothing, shoes, homeware and gear for the outdoors, made to last and chosen with care.
          </p>
          <div className="hero__actions">
            <Link className="button" to={paths.shop()}>
              Shop all products
            </Link>
            <a className="button button--secondary" href="#new-title">
              See what&apos;s new
            </a>
          </div>
        </div>
        <HeroImages />
      </section>
      <CollectionsSection />
      <FeaturedSection id="bestsellers" title="Bestsellers" ribbon="Bestseller" limit={8} />
      <FeaturedSection id="new" title="New arrivals" ribbon="New" limit={4} />
    </div>
  );
}

/** The bestseller query of the section below (same query, so one request), as a collage. */
const BESTSELLERS = { filter: { ribbon: 'Bestseller' }, paging: { limit: 8 } } as const;

function HeroImages(): ReactNode {
  const products = useProducts(BESTSELLERS);
  const images = (products.data?.items ?? [])
    .map((product) => productImage(product))
    .filter((image) => image !== undefined)
    .slice(0, 3);
  return (
    <div className="hero__images" aria-hidden="true">
      {images.map((image) => (
        <img key={image.url} src={image.url} alt="" width={240} height={240} />
      ))}
    </div>
  );
}

function CollectionsSection(): ReactNode {
  const collections = useCollections({ sort: [{ fieldName: 'name', order: 'ASC' }] });
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
                  <CollectionCard collection={collection} />
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

function CollectionCard({ collection }: { collection: Collection }): ReactNode {
  const image = collection.media?.mainMedia?.image?.url;
  return (
    <Link className="collection-card" to={paths.collection(collection.slug ?? collection.id)}>
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
  const products = useProducts({ filter: { ribbon }, paging: { limit } });
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <div className="section__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to={paths.shop()}>See everything →</Link>
      </div>
      {products.error ? (
        <ErrorMessage error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <ProductGrid products={products.data?.items} skeletons={limit} label={title} />
      )}
    </section>
  );
}
