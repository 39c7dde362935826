import Image from 'next/image';
import Link from 'next/link';
import { productList } from '../lib/catalog';
import { serverClient } from '../lib/server';

export const dynamic = 'force-dynamic';

export default async function Home() {
  const products = await productList(await serverClient(), 12);
  return (
    <>
      <h1>Products</h1>
      <ul className="grid">
        {products.map((product) => (
          <li key={product.id}>
            <Link href={`/product/${product.slug}`}>
              {product.image ? (
                <Image
                  src={product.image.url}
                  alt={product.name}
                  width={product.image.width}
                  height={product.image.height}
                />
              ) : null}
              <span>{product.name}</span>
            </Link>
            <div>{product.price}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
