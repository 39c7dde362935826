import Image from 'next/image';
import { notFound } from 'next/navigation';
import { productBySlug } from '../../../lib/catalog';
import { serverClient } from '../../../lib/server';
import { AddToCart } from './add-to-cart';

export const dynamic = 'force-dynamic';

export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const product = await productBySlug(await serverClient(), slug);
  if (!product) notFound();
  return (
    <article className="product">
      {product.image ? (
        <Image
          src={product.image.url}
          alt={product.name}
          width={product.image.width}
          height={product.image.height}
          priority
        />
      ) : null}
      <div>
        <h1>{product.name}</h1>
        <p>{product.price}</p>
        <p>{product.description}</p>
        <AddToCart
          productId={product.id}
          options={product.options}
          {...(product.variants ? { variants: product.variants } : {})}
        />
      </div>
    </article>
  );
}
