/**
 * The catalog on a Catalog V3 store: the official client's `productsV3` module, read as the
 * platform makers' newest templates read it. A list asks for the fields it shows (`CURRENCY` for
 * formatted prices, `MEDIA_ITEMS_INFO`); a product page reads the product by its slug, which
 * brings its variants (`variantsInfo.variants`, which lists leave out), with their choices' names
 * (`VARIANT_OPTION_CHOICE_NAMES`). Pictures are `wix:image://` ids, turned into URLs of the
 * platform's media host by the client's `media.getImageUrl`.
 */
import type { V3Product } from '@wix/auto_sdk_stores_products-v-3';
import { media } from '@wix/sdk';
import type { ProductCard, ProductDetail } from './product';
import { applicationErrorCode, type WixClient } from './wix';

function card(product: V3Product): ProductCard {
  const picture = product.media?.main?.image;
  const image = picture ? media.getImageUrl(picture) : undefined;
  return {
    id: product._id ?? '',
    slug: product.slug ?? '',
    name: product.name ?? '',
    price: product.actualPriceRange?.minValue?.formattedAmount ?? '',
    ...(image?.url ? { image: { url: image.url, width: image.width, height: image.height } } : {}),
  };
}

/** The first `limit` products of a Catalog V3 store. */
export async function productListV3(client: WixClient, limit: number): Promise<ProductCard[]> {
  const { items } = await client.productsV3
    .queryProducts({ fields: ['CURRENCY', 'MEDIA_ITEMS_INFO'] })
    .limit(limit)
    .find();
  return items.map(card);
}

/** The platform's answer when no product has the slug. */
function isNotFound(error: unknown): boolean {
  return applicationErrorCode(error) === 'NOT_FOUND';
}

/** The product with this slug on a Catalog V3 store, or `undefined` when none has it. */
export async function productBySlugV3(
  client: WixClient,
  slug: string,
): Promise<ProductDetail | undefined> {
  const answer = await client.productsV3
    .getProductBySlug(slug, {
      fields: ['CURRENCY', 'PLAIN_DESCRIPTION', 'MEDIA_ITEMS_INFO', 'VARIANT_OPTION_CHOICE_NAMES'],
    })
    .catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
  const product = answer?.product;
  if (!product?._id) return undefined;
  return {
    ...card(product),
    description: product.plainDescription ?? '',
    options: (product.options ?? []).map((option) => ({
      name: option.name ?? '',
      choices: (option.choicesSettings?.choices ?? []).map((choice) => choice.name ?? ''),
    })),
    variants: (product.variantsInfo?.variants ?? []).map((variant) => ({
      id: variant._id ?? '',
      choices: Object.fromEntries(
        (variant.choices ?? []).map((choice) => [
          choice.optionChoiceNames?.optionName ?? '',
          choice.optionChoiceNames?.choiceName ?? '',
        ]),
      ),
    })),
  };
}
