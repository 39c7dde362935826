/**
 * A product in a grid: image, ribbon, brand, name, price and availability, from the storefront
 * model (`StorefrontProduct`, the same on either catalog). No hooks: it renders the same in
 * server and client components, so it takes the shop's link component as a prop.
 */
import type { ReactNode } from 'react';
import { imageSrcSet, scaledImageUrl } from '@vitrine/sdk/lite';
import type { StorefrontProduct } from '@vitrine/sdk';
import { productAvailability, productImage, productPriceLabel } from '../lib/format';
import { paths } from '../lib/paths';
import { Price, Ribbon, StockBadge } from './Price';
import type { ShopLinkComponent } from './ShopLink';

/** The size a card's picture is shown at. */
const CARD_IMAGE = { width: 400, height: 400 };

/** The level of a card's heading: one below the heading of the page or section it is in. */
export type CardHeadingLevel = 2 | 3;

/** One product's card, its name a link to the product's page. */
export function ProductCard({
  product,
  link: Link,
  headingLevel = 3,
}: {
  product: StorefrontProduct;
  /** The shop's link component (`next/link`, or the Vite shop's adapter). */
  link: ShopLinkComponent;
  /** @default 3 */
  headingLevel?: CardHeadingLevel;
}): ReactNode {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = productImage(product);
  const ribbon = product.ribbon;
  const href = paths.product(product.slug || product.id);
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
        {/* Its line is kept without a brand too, so the prices of a row stay level. */}
        <span className="product-card__brand">{product.brand}</span>
        <Heading className="product-card__name">
          <Link className="product-card__link" href={href}>
            {product.name}
          </Link>
        </Heading>
        <div className="product-card__footer">
          <Price label={productPriceLabel(product)} />
          <StockBadge availability={productAvailability(product)} />
        </div>
      </div>
    </article>
  );
}

/** A grey card shown while products load. */
export function ProductCardSkeleton(): ReactNode {
  return (
    <div className="skeleton-card" aria-hidden="true">
      <div className="skeleton skeleton-card__image" />
      <div className="skeleton skeleton-card__line" />
      <div className="skeleton skeleton-card__line skeleton-card__line--short" />
    </div>
  );
}

/** A grid of products, or of skeletons while `products` is undefined. */
export function ProductGrid({
  products,
  skeletons = 8,
  label,
  link,
  headingLevel = 3,
}: {
  products: readonly StorefrontProduct[] | undefined;
  /** @default 8 */
  skeletons?: number;
  label: string;
  /** The shop's link component, for each card. */
  link: ShopLinkComponent;
  /** 3 under a section's `h2` (the home page), 2 right under the page's `h1` (a collection). */
  headingLevel?: CardHeadingLevel;
}): ReactNode {
  if (!products) {
    return (
      <ul className="product-grid" aria-label={`${label} (loading)`} aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} link={link} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
