/**
 * A product, from the cached catalog (`lib/catalog.ts`) at request time, behind a `<Suspense>`
 * whose fallback is in the cached shell: picture, name, description and details are server HTML;
 * choosing options and adding to the cart is the client component `<ProductPurchase>`, which
 * receives the product as a prop and the browser's store client from `<StoreIsland>`.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { InfoSections } from '@vitrine/shop-ui/components/InfoSections';
import { Ribbon } from '@vitrine/shop-ui/components/Price';
import { ProductPurchase } from '../../../components/ProductPurchase';
import { StoreIsland } from '../../../components/StoreIsland';
import { findProduct } from '../../../lib/catalog';
import { plainText, productImage } from '@vitrine/shop-ui/lib/format';
import { requestStoreConfig } from '../../../lib/store-config';

interface ProductPageProps {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const product = await findProduct(await requestStoreConfig(), (await params).slug);
  return { title: product?.name ?? 'Product not found' };
}

export default function ProductPage({ params }: ProductPageProps): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<Loading>Loading the product…</Loading>}>
        <ProductContent params={params} />
      </Suspense>
    </div>
  );
}

async function ProductContent({ params }: ProductPageProps): Promise<ReactNode> {
  const config = await requestStoreConfig();
  const product = await findProduct(config, (await params).slug);
  if (!product) notFound();
  const image = productImage(product);
  const ribbon = product.ribbon ?? product.ribbons?.[0]?.text;

  return (
    <>
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
          <StoreIsland config={config}>
            <ProductPurchase product={product} />
          </StoreIsland>
          <InfoSections product={product} />
        </div>
      </div>
    </>
  );
}
