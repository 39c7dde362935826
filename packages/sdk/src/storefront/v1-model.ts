/**
 * Catalog V1's products and collections in the storefront model. Pure functions.
 *
 * - Prices: a variant pays its `discountedPrice` (else its `price`), which is then its compare-at
 *   price; a product's range is over its visible variants, else its own price data.
 * - Options are known by name (V1 has no option or choice ids): a choice's id is its name.
 * - A custom text field's key is its title (V1 keys a cart line's `customTextFields` by title).
 */
import type {
  Collection,
  MediaItem,
  PriceData,
  Product,
  ProductOption,
  ProductVariant,
} from '../models/catalog.js';
import type {
  StorefrontCategory,
  StorefrontChoice,
  StorefrontImage,
  StorefrontOption,
  StorefrontPrice,
  StorefrontPriceRange,
  StorefrontProduct,
  StorefrontProductDetail,
  StorefrontStock,
  StorefrontStockStatus,
  StorefrontVariant,
} from '../models/storefront.js';
import { priceRangeOf } from './prices.js';
import { DEFAULT_CURRENCY, uniqueImages } from './both-catalogs.js';

/** A V1 product as a grid shows it. */
export function toStorefrontProduct(product: Product): StorefrontProduct {
  const name = product.name ?? '';
  const brand = product.brand;
  const ribbon = product.ribbon ?? product.ribbons?.[0]?.text;
  const image = imageOf(product.media?.mainMedia ?? product.media?.items?.[0], name);
  return {
    id: product.id,
    slug: product.slug ?? product.id,
    name,
    ...(brand ? { brand } : {}),
    ...(ribbon ? { ribbon } : {}),
    ...(image ? { image } : {}),
    currency: (product.priceData ?? product.price)?.currency ?? DEFAULT_CURRENCY,
    price: productPrice(product),
    stock: productStock(product),
  };
}

/** A V1 product (with its variants) as its page shows it. */
export function toStorefrontProductDetail(product: Product): StorefrontProductDetail {
  const base = toStorefrontProduct(product);
  const images = uniqueImages(
    (product.media?.items ?? []).map((item) => imageOf(item, base.name)),
    base.image,
  );
  const options = (product.productOptions ?? []).flatMap((option) => optionOf(option, base.name));
  return {
    ...base,
    ...(product.description ? { description: product.description } : {}),
    images,
    options,
    variants: (product.variants ?? []).map((variant) => variantOf(variant, options)),
    customFields: (product.customTextFields ?? []).flatMap((field) =>
      field.title
        ? [
            {
              key: field.title,
              title: field.title,
              mandatory: field.mandatory ?? false,
              ...(field.maxLength === undefined ? {} : { maxLength: field.maxLength }),
            },
          ]
        : [],
    ),
    infoSections: (product.additionalInfoSections ?? []).flatMap((section) =>
      section.title ? [{ title: section.title, description: section.description ?? '' }] : [],
    ),
  };
}

/** A V1 collection as a category. */
export function toStorefrontCategory(collection: Collection): StorefrontCategory {
  const name = collection.name ?? '';
  const image = imageOf(collection.media?.mainMedia ?? collection.media?.items?.[0], name);
  return {
    id: collection.id,
    slug: collection.slug ?? collection.id,
    name,
    ...(collection.description ? { description: collection.description } : {}),
    ...(image ? { image } : {}),
    ...(collection.numberOfProducts === undefined
      ? {}
      : { productCount: collection.numberOfProducts }),
  };
}

function imageOf(item: MediaItem | undefined, name: string): StorefrontImage | undefined {
  const picture = item?.image ?? item?.thumbnail;
  if (!picture?.url) return undefined;
  return {
    url: picture.url,
    alt: picture.altText ?? item?.title ?? name,
    ...(picture.width === undefined ? {} : { width: picture.width }),
    ...(picture.height === undefined ? {} : { height: picture.height }),
  };
}

function priceOf(data: PriceData | undefined): StorefrontPrice | undefined {
  if (data?.price === undefined) return undefined;
  const amount = data.discountedPrice ?? data.price;
  return amount < data.price ? { amount, compareAt: data.price } : { amount };
}

function productPrice(product: Product): StorefrontPriceRange {
  const prices = (product.variants ?? [])
    .filter((variant) => variant.variant?.visible !== false)
    .map((variant) => priceOf(variant.variant?.priceData))
    .filter((price) => price !== undefined);
  const own = priceOf(product.priceData ?? product.price);
  if (prices.length > 0) return priceRangeOf(prices);
  if (own === undefined) return { min: 0, max: 0 };
  const range = priceRangeOf([own]);
  // Without variants, the product's own range says whether its variants differ.
  const max = product.priceRange?.maxValue;
  return max !== undefined && max > range.max ? { ...range, max } : range;
}

function productStock(product: Product): StorefrontStock {
  const stock = product.stock;
  const status: StorefrontStockStatus =
    stock?.inStock === false ? 'OUT_OF_STOCK' : (stock?.inventoryStatus ?? 'IN_STOCK');
  return stock?.trackInventory && stock.quantity !== undefined
    ? { status, quantity: stock.quantity }
    : { status };
}

function optionOf(option: ProductOption, productName: string): StorefrontOption[] {
  if (!option.name || !option.choices || option.choices.length === 0) return [];
  const color = option.optionType === 'color';
  const choices = option.choices.flatMap((choice): StorefrontChoice[] => {
    const name = choice.description ?? choice.value;
    if (!name) return [];
    const image = imageOf(choice.media?.mainMedia ?? choice.media?.items?.[0], productName);
    return [
      {
        id: name,
        name,
        ...(color && choice.value ? { color: choice.value } : {}),
        inStock: choice.inStock !== false,
        visible: choice.visible !== false,
        ...(image ? { image } : {}),
      },
    ];
  });
  return [{ id: option.name, name: option.name, kind: color ? 'color' : 'text', choices }];
}

/**
 * A V1 variant in the model. Its picture is that of the first of its choices that has one (V1
 * pictures choices, not variants).
 */
function variantOf(
  variant: ProductVariant,
  options: readonly StorefrontOption[],
): StorefrontVariant {
  const data = variant.variant;
  const quantity = variant.stock?.trackQuantity ? variant.stock.quantity : undefined;
  const image = options
    .map((option) =>
      option.choices.find((choice) => choice.name === variant.choices?.[option.name]),
    )
    .find((choice) => choice?.image !== undefined)?.image;
  return {
    id: variant.id,
    choices: { ...variant.choices },
    price: priceOf(data?.priceData) ?? { amount: 0 },
    stock: {
      inStock: variant.stock?.inStock !== false,
      ...(quantity === undefined ? {} : { quantity }),
    },
    visible: data?.visible !== false,
    ...(data?.sku ? { sku: data.sku } : {}),
    ...(image ? { image } : {}),
  };
}
