import Image from 'next/image';
import Link from 'next/link';
import { serverClient } from '../lib/server';

export const dynamic = 'force-dynamic';

export default async function Home() {
  const client = await serverClient();
  const { items } = await client.products.queryProducts().limit(12).find();
  return (
    <>
      <h1>Products</h1>
      <ul className="grid">
        {items.map((product) => {
          const image = product.media?.mainMedia?.image;
          return (
            <li key={product._id}>
              <Link href={`/product/${product.slug}`}>
                {image?.url ? (
                  <Image
                    src={image.url}
                    alt={product.name ?? ''}
                    width={image.width ?? 800}
                    height={image.height ?? 800}
                  />
                ) : null}
                <span>{product.name}</span>
              </Link>
              <div>{product.priceData?.formatted?.discountedPrice}</div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
