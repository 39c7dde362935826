/** The home page's welcome, with a collage of the first products it is given. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Product } from '@vitrine/sdk';
import { productImage } from '../lib/format';

export function Hero({ products }: { products: readonly Product[] }): ReactNode {
  const images = products
    .map((product) => productImage(product))
    .filter((image) => image !== undefined)
    .slice(0, 3);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div>
        <p className="hero__eyebrow">New season</p>
        <h1 id="hero-title">Good things for everyday life</h1>
        <p>
          Clothing, shoes, homeware and gear for the outdoors, made to last and chosen with care.
        </p>
        <div className="hero__actions">
          <Link className="button" href="#bestsellers-title">
            Shop bestsellers
          </Link>
          <Link className="button button--secondary" href="#new-title">
            See what&apos;s new
          </Link>
        </div>
      </div>
      <div className="hero__images" aria-hidden="true">
        {images.map((image) => (
          <img key={image.url} src={image.url} alt="" width={240} height={240} />
        ))}
      </div>
    </section>
  );
}
