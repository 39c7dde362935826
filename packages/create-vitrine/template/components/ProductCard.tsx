/** A product in a grid: its picture, name and price, one link to its page. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { StorefrontProduct } from '@vitrine/sdk';
import { productPrice } from '../lib/format';

export function ProductGrid({ products }: { products: readonly StorefrontProduct[] }): ReactNode {
  if (products.length === 0) return <p>No products here yet.</p>;
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

function ProductCard({ product }: { product: StorefrontProduct }): ReactNode {
  const price = productPrice(product);
  return (
    <Link className="product-card" href={`/products/${encodeURIComponent(product.slug)}`}>
      {product.image ? (
        <img src={product.image.url} alt="" width={400} height={400} loading="lazy" />
      ) : null}
      <span className="product-card__name">{product.name}</span>
      <span className="product-card__price">
        {price.was ? (
          <s>
            <span className="visually-hidden">Was </span>
            {price.was}
          </s>
        ) : null}{' '}
        {price.now}
        {product.stock.status === 'OUT_OF_STOCK' ? (
          <span className="product-card__note"> · Sold out</span>
        ) : null}
      </span>
    </Link>
  );
}
