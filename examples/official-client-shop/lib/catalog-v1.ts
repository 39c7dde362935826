/** The catalog on a Catalog V1 store: the official client's `products` module. */
import type { Product } from '@wix/auto_sdk_stores_products';
import type { ProductCard, ProductDetail } from './product';
import type { WixClient } from './wix';

function card(product: Product): ProductCard {
  const image = product.media?.mainMedia?.image;
  return {
    id: product._id ?? '',
    slug: product.slug ?? '',
    name: product.name ?? '',
    price: product.priceData?.formatted?.discountedPrice ?? '',
    ...(image?.url
      ? { image: { url: image.url, width: image.width ?? 800, height: image.height ?? 800 } }
      : {}),
  };
}

/** The first `limit` products of a Catalog V1 store. */
export async function productListV1(client: WixClient, limit: number): Promise<ProductCard[]> {
  const { items } = await client.products.queryProducts().limit(limit).find();
  return items.map(card);
}

/** The product with this slug on a Catalog V1 store, or `undefined` when none has it. */
export async function productBySlugV1(
  client: WixClient,
  slug: string,
): Promise<ProductDetail | undefined> {
  const { items } = await client.products.queryProducts().eq('slug', slug).limit(1).find();
  const product = items[0];
  if (!product?._id) return undefined;
  return {
    ...card(product),
    description: product.description ?? '',
    options: (product.productOptions ?? []).map((option) => ({
      name: option.name ?? '',
      choices: (option.choices ?? []).map((choice) => choice.description ?? ''),
    })),
  };
}
