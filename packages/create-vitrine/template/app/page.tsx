/**
 * The home page: the collections and a grid of products. The heading is part of the cached
 * shell; the catalog comes from `@vitrine/next`'s cached catalog at request time, behind a
 * `<Suspense>`: a warm cache answers without asking the store.
 */
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { getCollections, getProducts } from '@vitrine/next';
import { ProductGrid } from '../components/ProductCard';
import { SHOP_NAME } from '../lib/shop';

export default function HomePage(): ReactNode {
  return (
    <>
      <h1>{SHOP_NAME}</h1>
      <Suspense fallback={<p>Loading the catalog…</p>}>
        <Catalog />
      </Suspense>
    </>
  );
}

async function Catalog(): Promise<ReactNode> {
  const [collections, products] = await Promise.all([
    getCollections({ sort: 'name-asc' }),
    getProducts({ limit: 12 }),
  ]);
  return (
    <>
      <section aria-labelledby="collections-title">
        <h2 id="collections-title">Collections</h2>
        <ul className="pill-list">
          {collections.items.map((collection) => (
            <li key={collection.id}>
              <Link className="pill" href={`/collections/${encodeURIComponent(collection.slug)}`}>
                {collection.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="products-title">
        <h2 id="products-title">Products</h2>
        <ProductGrid products={products.items} />
        {products.hasNext ? (
          <p>
            <Link href="/search">All products</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}
