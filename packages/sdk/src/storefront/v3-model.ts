/**
 * Catalog V3's products and categories in the storefront model. Pure functions.
 *
 * - Prices are decimal strings on the wire: a variant pays its `actualPrice`, and shows its
 *   `compareAtPrice` struck through when it is higher; a product's range is its
 *   `actualPriceRange`, with `compareAtPriceRange` where that is higher.
 * - A variant's choices are named by the option's and the choice's names (Catalog V3 keys them by
 *   ids: the names are read from `optionChoiceNames`, else from the product's options).
 * - Stock counts come from the inventory items, when the store lets the caller read them
 *   (`quantities`); without them, only whether each is in stock.
 * - A custom field is a `FREE_TEXT` modifier, keyed as the cart's `customTextFields` takes it
 *   (its free-text settings' key). Modifiers with choices are not in the model.
 */
import type {
  Category,
  ImageV3,
  InventoryItemV3,
  MoneyAmountV3,
  OptionChoiceV3,
  ProductMediaV3,
  ProductOptionV3,
  ProductV3,
  VariantV3,
} from '../models/catalog-v3.js';
import type {
  StorefrontCategory,
  StorefrontChoice,
  StorefrontCustomField,
  StorefrontImage,
  StorefrontOption,
  StorefrontPrice,
  StorefrontPriceRange,
  StorefrontProduct,
  StorefrontProductDetail,
  StorefrontVariant,
} from '../models/storefront.js';
import { DEFAULT_CURRENCY, uniqueImages } from './both-catalogs.js';

/** Units in stock, by variant id (or product id), of what the store counts. */
export type StockQuantities = ReadonlyMap<string, number>;

/**
 * The counted stock of inventory items, by `variantId`, or summed by `productId` (a grid's
 * products come without their variants).
 */
export function quantitiesOf(
  items: readonly InventoryItemV3[],
  by: 'variantId' | 'productId' = 'variantId',
): StockQuantities {
  const quantities = new Map<string, number>();
  for (const item of items) {
    const key = item[by];
    if (key && item.trackQuantity && typeof item.quantity === 'number') {
      quantities.set(key, (quantities.get(key) ?? 0) + item.quantity);
    }
  }
  return quantities;
}

/** A V3 product as a grid shows it; `quantity` is its counted stock over its variants, if any. */
export function toStorefrontProduct(product: ProductV3, quantity?: number): StorefrontProduct {
  const name = product.name ?? '';
  const image = imageOf(product.media?.main, name);
  const status = product.inventory?.availabilityStatus;
  return {
    id: product.id,
    slug: product.slug ?? product.id,
    name,
    ...(product.brand?.name ? { brand: product.brand.name } : {}),
    ...(product.ribbon?.name ? { ribbon: product.ribbon.name } : {}),
    ...(image ? { image } : {}),
    currency: product.currency ?? DEFAULT_CURRENCY,
    price: priceRangeOf(product),
    stock: {
      status:
        status === 'OUT_OF_STOCK' || status === 'PARTIALLY_OUT_OF_STOCK' ? status : 'IN_STOCK',
      ...(quantity === undefined ? {} : { quantity }),
    },
  };
}

/** A V3 product read by id or slug (with its variants) as its page shows it. */
export function toStorefrontProductDetail(
  product: ProductV3,
  quantities: StockQuantities = new Map(),
): StorefrontProductDetail {
  const variants = product.variantsInfo?.variants ?? [];
  const counted = variants.filter((variant) => variant.id && quantities.has(variant.id));
  const quantity =
    counted.length === 0 ? undefined : counted.reduce((sum, v) => sum + quantities.get(v.id!)!, 0);
  const base = toStorefrontProduct(product, quantity);
  const media = product.media?.itemsInfo?.items ?? [];
  const options = (product.options ?? []).flatMap((option) => optionOf(option, media, base.name));
  return {
    ...base,
    ...(product.plainDescription ? { description: product.plainDescription } : {}),
    images: uniqueImages(
      media.map((item) => imageOf(item, base.name)),
      base.image,
    ),
    options,
    variants: variants.map((variant) => variantOf(variant, product.options ?? [], quantities)),
    customFields: customFieldsOf(product),
    infoSections: (product.infoSections ?? []).flatMap((section) =>
      section.title ? [{ title: section.title, description: section.plainDescription ?? '' }] : [],
    ),
  };
}

/** A V3 category in the storefront model. */
export function toStorefrontCategory(category: Category): StorefrontCategory {
  const name = category.name ?? '';
  const image = pictureOf(category.image, name);
  return {
    id: category.id,
    slug: category.slug ?? category.id,
    name,
    ...(category.description ? { description: category.description } : {}),
    ...(image ? { image } : {}),
    ...(category.itemCounter === undefined ? {} : { productCount: category.itemCounter }),
  };
}

/** An amount as a number (`undefined` for none, or one that is not a number). */
function amountOf(money: MoneyAmountV3 | undefined): number | undefined {
  if (money?.amount === undefined) return undefined;
  const amount = Number(money.amount);
  return Number.isFinite(amount) ? amount : undefined;
}

function priceRangeOf(product: ProductV3): StorefrontPriceRange {
  const min = amountOf(product.actualPriceRange?.minValue) ?? 0;
  const max = amountOf(product.actualPriceRange?.maxValue) ?? min;
  const compareAtMin = amountOf(product.compareAtPriceRange?.minValue);
  const compareAtMax = amountOf(product.compareAtPriceRange?.maxValue);
  // The compare-at range is the actual one where nothing is on sale.
  const onSale =
    compareAtMin !== undefined &&
    compareAtMax !== undefined &&
    (compareAtMin > min || compareAtMax > max);
  return onSale ? { min, max, compareAtMin, compareAtMax } : { min, max };
}

function variantPrice(variant: VariantV3): StorefrontPrice {
  const amount = amountOf(variant.price?.actualPrice) ?? 0;
  const compareAt = amountOf(variant.price?.compareAtPrice);
  return compareAt !== undefined && compareAt > amount ? { amount, compareAt } : { amount };
}

function pictureOf(image: ImageV3 | undefined, name: string): StorefrontImage | undefined {
  if (!image?.url) return undefined;
  return {
    url: image.url,
    alt: image.altText ?? name,
    ...(image.width === undefined ? {} : { width: image.width }),
    ...(image.height === undefined ? {} : { height: image.height }),
  };
}

function imageOf(item: ProductMediaV3 | undefined, name: string): StorefrontImage | undefined {
  const picture = pictureOf(item?.image, item?.altText ?? name);
  if (picture) return picture;
  return item?.url ? { url: item.url, alt: item.altText ?? name } : undefined;
}

function optionOf(
  option: ProductOptionV3,
  media: readonly ProductMediaV3[],
  productName: string,
): StorefrontOption[] {
  const choices = option.choicesSettings?.choices ?? [];
  if (!option.name || choices.length === 0) return [];
  const swatches = option.optionRenderType === 'SWATCH_CHOICES';
  return [
    {
      id: option.id ?? option.name,
      name: option.name,
      kind: swatches ? 'color' : 'text',
      choices: choices.flatMap((choice) => choiceOf(choice, media, productName)),
    },
  ];
}

function choiceOf(
  choice: OptionChoiceV3,
  media: readonly ProductMediaV3[],
  productName: string,
): StorefrontChoice[] {
  if (!choice.name) return [];
  // The picture of a choice: its display image, else the first product picture it points at.
  const referenced = choice.media?.items?.[0];
  const pointed = media.find(
    (item) =>
      item.id !== undefined &&
      (item.id === referenced?.mediaId || item.image?.id === referenced?.mediaId),
  );
  const image =
    pictureOf(choice.displayImage, productName) ??
    imageOf(pointed, productName) ??
    (referenced?.url ? { url: referenced.url, alt: productName } : undefined);
  return [
    {
      id: choice.choiceId ?? choice.name,
      name: choice.name,
      ...(choice.colorCode ? { color: choice.colorCode } : {}),
      inStock: choice.inStock !== false,
      visible: choice.visible !== false,
      ...(image ? { image } : {}),
    },
  ];
}

function variantOf(
  variant: VariantV3,
  options: readonly ProductOptionV3[],
  quantities: StockQuantities,
): StorefrontVariant {
  const choices: Record<string, string> = {};
  for (const choice of variant.choices ?? []) {
    const names = choice.optionChoiceNames;
    const option = options.find((one) => one.id === choice.optionChoiceIds?.optionId);
    const optionName = names?.optionName ?? option?.name;
    const choiceName =
      names?.choiceName ??
      option?.choicesSettings?.choices?.find(
        (one) => one.choiceId === choice.optionChoiceIds?.choiceId,
      )?.name;
    if (optionName && choiceName) choices[optionName] = choiceName;
  }
  const id = variant.id ?? '';
  const quantity = quantities.get(id);
  const image = imageOf(variant.media, '');
  return {
    id,
    choices,
    price: variantPrice(variant),
    stock: {
      inStock: variant.inventoryStatus?.inStock !== false,
      ...(quantity === undefined ? {} : { quantity }),
    },
    visible: variant.visible !== false,
    ...(variant.sku ? { sku: variant.sku } : {}),
    ...(image ? { image } : {}),
  };
}

function customFieldsOf(product: ProductV3): StorefrontCustomField[] {
  return (product.modifiers ?? []).flatMap((modifier): StorefrontCustomField[] => {
    const text = modifier.freeTextSettings;
    if (modifier.modifierRenderType !== 'FREE_TEXT') return [];
    const key = text?.key ?? modifier.key;
    const title = text?.title ?? modifier.name;
    if (!key || !title) return [];
    return [
      {
        key,
        title,
        mandatory: modifier.mandatory ?? false,
        ...(text?.maxCharCount === undefined ? {} : { maxLength: text.maxCharCount }),
      },
    ];
  });
}
