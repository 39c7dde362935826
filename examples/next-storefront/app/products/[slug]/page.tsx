/**
 * A product, rendered on the server: picture, name, description and details are in the HTML;
 * choosing options and adding to the cart is the client component `<ProductPurchase>`, which
 * receives the product as a prop.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import type { Product } from '@vitrine/sdk';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Ribbon } from '../../../components/Price';
import { ProductPurchase } from '../../../components/ProductPurchase';
import { plainText, productImage } from '../../../lib/format';
import { getRequestStore } from '../../../lib/request-store';

interface ProductPageProps {
  params: Promise<{ slug: string }>;
}

/** The product with this slug, with its variants; once per request (metadata and page). */
const findProduct = cache(async (slug: string): Promise<Product | undefined> => {
  const store = await getRequestStore();
  const found = await store.products.query({ filter: { slug }, paging: { limit: 1 } });
  const listed = found.items[0];
  // The full product adds its variants (with their stock) to what the list gives.
  return listed ? await store.products.get(listed.id) : undefined;
});

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const product = await findProduct((await params).slug);
  return { title: product?.name ?? 'Product not found' };
}

export default async function ProductPage({ params }: ProductPageProps): Promise<ReactNode> {
  const product = await findProduct((await params).slug);
  if (!product) notFound();
  const image = productImage(product);
  const ribbon = product.ribbon ?? product.ribbons?.[0]?.text;

  return (
    <div className="container">
      <Breadcrumbs current={product.name} />
      <div className="product-layout">
        <div className="gallery">
          <div className="gallery__main">
            {ribbon ? <Ribbon text={ribbon} /> : null}
            {image ? <img src={image.url} alt={image.alt} width={800} height={800} /> : null}
          </div>
        </div>
        <div className="product-info">
          {product.brand ? <p className="product-info__brand">{product.brand}</p> : null}
          <h1>{product.name}</h1>
          {product.description ? (
            <p className="product-info__description">{plainText(product.description)}</p>
          ) : null}
          <ProductPurchase product={product} />
          {product.additionalInfoSections?.length ? (
            <div className="info-sections">
              {product.additionalInfoSections.map((section) => (
                <details key={section.title}>
                  <summary>{section.title}</summary>
                  <p>{plainText(section.description ?? '')}</p>
                </details>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
