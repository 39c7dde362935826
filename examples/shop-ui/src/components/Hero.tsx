/**
 * The home page's welcome, with a collage of the first products it is given (none yet: no
 * collage). No hooks: it renders in server and client components alike.
 */
import type { ReactNode } from 'react';
import type { StorefrontProduct } from '@vitrine/sdk';
import { productImage } from '../lib/format';

/** The welcome; `children` are its calls to action (links to the shop's lists). */
export function Hero({
  products,
  children,
}: {
  products: readonly Pick<StorefrontProduct, 'image'>[];
  children: ReactNode;
}): ReactNode {
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
        <div className="hero__actions">{children}</div>
      </div>
      <div className="hero__images" aria-hidden="true">
        {images.map((image) => (
          <img key={image.url} src={image.url} alt="" width={240} height={240} />
        ))}
      </div>
    </section>
  );
}
