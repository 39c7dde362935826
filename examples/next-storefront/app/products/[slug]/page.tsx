/**
 * A product, from the cached catalog (`@vitrine/next`'s `getProductBySlug`: the SDK's storefront
 * model, with its options, variants and stock, on either catalog): no request-time part, so Next keeps each product's page whole after its
 * first view (the first streams it in behind the `<Suspense>` whose fallback is the shell).
 * Picture, name, description and details are server HTML; choosing options and adding to the
 * cart is the client component `<ProductPurchase>` (a form that works without scripts), which
 * receives the product as a prop and the shopper's client from `<HintedStoreIsland>`.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Loading } from '@vitrine/shop-ui/components/Feedback';
import { InfoSections } from '@vitrine/shop-ui/components/InfoSections';
import { Ribbon } from '@vitrine/shop-ui/components/Price';
import { ProductPurchase } from '../../../components/ProductPurchase';
import { getProductBySlug } from '@vitrine/next';
import { HintedStoreIsland } from '@vitrine/next/client';
import { plainText, productImage } from '@vitrine/shop-ui/lib/format';

const BUILD_SAMPLE_SLUG = '_';

interface ProductPageProps {
  params: Promise<{ slug: string }>;
}

/**
 * One stand-in slug for the build (which reads no store: it prerenders the page's shell only).
 * Each product's page is rendered on its first view and kept whole in Next's cache, tagged with
 * its catalog entries' tags: the store's webhooks expire it with them.
 */
export function generateStaticParams(): { slug: string }[] {
  return [{ slug: BUILD_SAMPLE_SLUG }];
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const product = await getProductBySlug((await params).slug);
  return { title: product?.name ?? 'Product not found' };
}

export default function ProductPage({ params }: ProductPageProps): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<ProductPlaceholder />}>
        <ProductContent params={params} />
      </Suspense>
    </div>
  );
}

async function ProductContent({ params }: ProductPageProps): Promise<ReactNode> {
  const product = await getProductBySlug((await params).slug);
  if (!product) notFound();
  const image = productImage(product);
  const { ribbon } = product;

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
          <HintedStoreIsland>
            <ProductPurchase product={product} />
          </HintedStoreIsland>
          <InfoSections product={product} />
        </div>
      </div>
    </>
  );
}

/**
 * The product's place while it streams in: the gallery's square keeps the page as tall as the
 * product will make it, so nothing below moves when it arrives (a one-line placeholder let the
 * footer show, then pushed it out of view: a layout shift of 0.06 on a busy server).
 */
function ProductPlaceholder(): ReactNode {
  return (
    <>
      <Loading>Loading the product…</Loading>
      <div className="product-layout" aria-hidden="true">
        <div className="gallery">
          <div className="gallery__main" />
        </div>
        <div className="product-info" />
      </div>
    </>
  );
}
