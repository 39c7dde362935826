/**
 * A product, from the cached catalog (`getProductBySlug`: the product and its variants in one
 * call). Its picture, name and description are server HTML; choosing options and adding to the
 * cart is `<ProductForm>`, a form that works without scripts, in the shopper's island.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { ShopperIsland, getProductBySlug } from '@vitrine/next';
import { ProductForm } from '../../../components/ProductForm';
import { plainText, productImage } from '../../../lib/format';

interface ProductPageProps {
  params: Promise<{ slug: string }>;
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
  const image = productImage(product);
  return (
    <div className="product">
      {image ? (
        <img className="product__image" src={image.url} alt={image.alt} width={800} height={800} />
      ) : null}
      <div className="product__info">
        <h1>{product.name}</h1>
        {product.description ? <p className="lead">{plainText(product.description)}</p> : null}
        <Suspense fallback={<div className="product-form" aria-busy="true" />}>
          <ShopperIsland>
            <ProductForm product={product} />
          </ShopperIsland>
        </Suspense>
      </div>
    </div>
  );
}
