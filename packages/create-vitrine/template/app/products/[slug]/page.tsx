/**
 * A product, from the cached catalog (`getProductBySlug`: the product and its variants in one
 * call). No request-time part, so Next keeps each product's page whole after its first view. Its
 * picture, name and description are server HTML; choosing options and adding to the cart is
 * `<ProductForm>`, a form that works without scripts, in `<HintedStoreIsland>`.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { getProductBySlug } from '@vitrine/next';
import { HintedStoreIsland } from '@vitrine/next/client';
import { ProductForm } from '../../../components/ProductForm';
import { plainText } from '../../../lib/format';

interface ProductPageProps {
  params: Promise<{ slug: string }>;
}

/**
 * One stand-in slug for the build, which reads no store and prerenders the page's shell only.
 * Each product's page is rendered on its first view and kept, tagged with its catalog entries'
 * tags: the store's webhooks expire it with them.
 */
export function generateStaticParams(): { slug: string }[] {
  return [{ slug: '_' }];
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const product = await getProductBySlug((await params).slug);
  return { title: product?.name ?? 'Product not found' };
}

export default function ProductPage({ params }: ProductPageProps): ReactNode {
  return (
    <Suspense fallback={<ProductPlaceholder />}>
      <ProductDetails params={params} />
    </Suspense>
  );
}

/**
 * The product's place while it streams in, as tall as its picture will be: nothing below moves
 * when the product arrives.
 */
function ProductPlaceholder(): ReactNode {
  return (
    <div className="product" aria-busy="true">
      <div className="product__image product__image--placeholder" />
      <p>Loading the product…</p>
    </div>
  );
}

async function ProductDetails({ params }: ProductPageProps): Promise<ReactNode> {
  const product = await getProductBySlug((await params).slug);
  if (product === null) notFound();
  const image = product.image;
  return (
    <div className="product">
      {image ? (
        <img className="product__image" src={image.url} alt={image.alt} width={800} height={800} />
      ) : null}
      <div className="product__info">
        <h1>{product.name}</h1>
        {product.description ? <p className="lead">{plainText(product.description)}</p> : null}
        <HintedStoreIsland>
          <ProductForm product={product} />
        </HintedStoreIsland>
      </div>
    </div>
  );
}
