/**
 * A product in a grid: image, ribbon, brand, name, price and availability. No hooks: it renders
 * the same in server and client components.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { imageSrcSet, scaledImageUrl, type Product } from '@vitrine/sdk';
import { priceLabel, productAvailability, productImage } from '../lib/format';
import { paths } from '../lib/paths';
import { Price, Ribbon, StockBadge } from './Price';

/** The size a card's picture is shown at. */
const CARD_IMAGE = { width: 400, height: 400 };

export function ProductCard({ product }: { product: Product }): ReactNode {
  const image = productImage(product);
  const ribbon = product.ribbon ?? product.ribbons?.[0]?.text;
  return (
    <article className="product-card" aria-label={product.name}>
      <div className="product-card__media">
        {ribbon ? <Ribbon text={ribbon} /> : null}
        {image ? (
          <img
            src={scaledImageUrl(image.url, CARD_IMAGE)}
            srcSet={imageSrcSet(image.url, CARD_IMAGE)}
            alt={image.alt}
            loading="lazy"
            width={400}
            height={400}
          />
        ) : null}
      </div>
      <div className="product-card__body">
        {product.brand ? <span className="product-card__brand">{product.brand}</span> : null}
        <h3 className="product-card__name">
          <Link className="product-card__link" href={paths.product(product.slug ?? product.id)}>
            {product.name}
          </Link>
        </h3>
        <div className="product-card__footer">
          <Price label={priceLabel(product.priceData ?? product.price, product.priceRange)} />
          <StockBadge availability={productAvailability(product)} />
        </div>
      </div>
    </article>
  );
}

/** A grid of products, or of grey cards while `products` is undefined. */
export function ProductGrid({
  products,
  skeletons = 8,
  label,
}: {
  products: readonly Product[] | undefined;
  skeletons?: number;
  label: string;
}): ReactNode {
  if (!products) {
    return (
      <ul className="product-grid" aria-label={`${label} (loading)`} aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <div className="skeleton-card" aria-hidden="true">
              <div className="skeleton skeleton-card__image" />
              <div className="skeleton skeleton-card__line" />
              <div className="skeleton skeleton-card__line skeleton-card__line--short" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
