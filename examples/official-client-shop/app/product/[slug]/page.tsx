import Image from 'next/image';
import { notFound } from 'next/navigation';
import { serverClient } from '../../../lib/server';
import { AddToCart } from './add-to-cart';

export const dynamic = 'force-dynamic';

export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const client = await serverClient();
  const { items } = await client.products.queryProducts().eq('slug', slug).limit(1).find();
  const product = items[0];
  if (!product?._id) notFound();
  const image = product.media?.mainMedia?.image;
  const options = (product.productOptions ?? []).map((option) => ({
    name: option.name ?? '',
    choices: (option.choices ?? []).map((choice) => choice.description ?? ''),
  }));
  return (
    <article className="product">
      {image?.url ? (
        <Image
          src={image.url}
          alt={product.name ?? ''}
          width={image.width ?? 800}
          height={image.height ?? 800}
          priority
        />
      ) : null}
      <div>
        <h1>{product.name}</h1>
        <p>{product.priceData?.formatted?.discountedPrice}</p>
        <p>{product.description}</p>
        <AddToCart productId={product._id} options={options} />
      </div>
    </article>
  );
}
