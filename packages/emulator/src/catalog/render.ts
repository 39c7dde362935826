/**
 * Turns catalog records into the wire shapes: prices with their discounted and formatted forms,
 * ranges, stock status and absolute media URLs.
 */
import { formatCents, fromCents, toCents } from './money.js';
import type {
  CollectionRecord,
  InventoryStatus,
  MediaRecord,
  ProductRecord,
  VariantRecord,
  WireCollection,
  WireCostAndProfitData,
  WireMedia,
  WireMediaItem,
  WirePriceData,
  WireProduct,
  WireProductVariant,
  WireRange,
  WireVariant,
} from '../models/catalog.js';
import { STORE_CURRENCY } from '../models/catalog.js';
import type { WireImageWithId } from '../models/catalog.js';
import { mediaIdOfUrl, sizedMediaPath } from './media-files.js';

/** What a rendering needs from the request. */
export interface RenderOptions {
  /** The emulator's URL, to make media paths absolute. */
  baseUrl: string;
  /** Include costs and profits (`includeMerchantSpecificData`). */
  merchant: boolean;
  /** Include `variants` on products. */
  variants: boolean;
}

/** An absolute URL for a media path kept relative in state. */
export function absoluteUrl(baseUrl: string, url: string): string {
  return url.startsWith('/') ? `${baseUrl}${url}` : url;
}

/** The price a shopper pays for `fullCents` after the product's own discount. */
export function discountedCents(product: ProductRecord, fullCents: number): number {
  const { type, value } = product.discount;
  if (type === 'PERCENT') return Math.max(0, Math.round(fullCents * (1 - value / 100)));
  if (type === 'AMOUNT') return Math.max(0, fullCents - toCents(value));
  return fullCents;
}

/** Full price of a variant, in cents. */
export function variantFullCents(
  product: ProductRecord,
  variant: VariantRecord | undefined,
): number {
  return toCents(variant?.price ?? product.price);
}

/** Whether a variant can be bought now, ignoring quantity. */
export function variantInStock(variant: VariantRecord): boolean {
  return variant.trackQuantity ? variant.quantity > 0 : variant.inStock;
}

function priceData(product: ProductRecord, fullCents: number): WirePriceData {
  const discounted = discountedCents(product, fullCents);
  const unit = product.pricePerUnitData;
  const out: WirePriceData = {
    currency: STORE_CURRENCY,
    price: fromCents(fullCents),
    discountedPrice: fromCents(discounted),
    formatted: { price: formatCents(fullCents), discountedPrice: formatCents(discounted) },
  };
  if (unit && unit.totalQuantity > 0) {
    const perUnitCents = Math.round((discounted * unit.baseQuantity) / unit.totalQuantity);
    out.pricePerUnit = fromCents(perUnitCents);
    out.formatted.pricePerUnit = formatCents(perUnitCents);
  }
  return out;
}

function costAndProfit(
  product: ProductRecord,
  fullCents: number,
  costCents: number,
): WireCostAndProfitData {
  const discounted = discountedCents(product, fullCents);
  const profit = discounted - costCents;
  return {
    itemCost: fromCents(costCents),
    formattedItemCost: formatCents(costCents),
    profit: fromCents(profit),
    formattedProfit: formatCents(profit),
    profitMargin: discounted === 0 ? 0 : Math.round((profit / discounted) * 10000) / 100,
  };
}

function range(values: number[]): WireRange {
  return values.length === 0
    ? { minValue: 0, maxValue: 0 }
    : { minValue: Math.min(...values), maxValue: Math.max(...values) };
}

/**
 * A media record in the wire shape. The thumbnail of an emulator image is its 50 × 50 sized
 * form, as the platform's is; an external image has no sized form and is its own thumbnail.
 */
export function mediaItem(baseUrl: string, media: MediaRecord): WireMediaItem {
  const image = { url: absoluteUrl(baseUrl, media.url), width: media.width, height: media.height };
  const id = mediaIdOfUrl(media.url, baseUrl);
  const thumbnail = { width: 50, height: 50 };
  return {
    id: media.id,
    mediaType: 'image',
    title: media.title,
    image,
    thumbnail: {
      ...thumbnail,
      url:
        id === undefined
          ? image.url
          : `${baseUrl}${sizedMediaPath(id, { ...thumbnail, fit: 'fit' })}`,
    },
  };
}

/**
 * A media record as an image of a line item, a variant or an order: `{id, url, width, height}`,
 * `id` being the media id of an emulator image (an external one has none).
 */
export function wireImage(baseUrl: string, media: MediaRecord): WireImageWithId {
  const id = mediaIdOfUrl(media.url, baseUrl);
  return {
    ...(id !== undefined ? { id } : {}),
    url: absoluteUrl(baseUrl, media.url),
    width: media.width,
    height: media.height,
  };
}

function mediaOf(baseUrl: string, items: MediaRecord[]): WireMedia {
  const wire = items.map((m) => mediaItem(baseUrl, m));
  return wire[0] ? { mainMedia: wire[0], items: wire } : { items: wire };
}

/** The product's stock summary over its variants. */
export function inventoryStatus(product: ProductRecord): InventoryStatus {
  const inStock = product.variants.filter(variantInStock).length;
  if (inStock === product.variants.length) return 'IN_STOCK';
  return inStock === 0 ? 'OUT_OF_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
}

/** A variant as listed on its product. */
export function renderProductVariant(
  product: ProductRecord,
  variant: VariantRecord,
  merchant: boolean,
): WireProductVariant {
  const full = variantFullCents(product, variant);
  const data = priceData(product, full);
  const out: WireProductVariant = {
    id: variant.id,
    choices: { ...variant.choices },
    variant: {
      priceData: data,
      convertedPriceData: data,
      weight: variant.weight ?? product.weight,
      sku: variant.sku,
      visible: variant.visible,
    },
    stock: variant.trackQuantity
      ? { trackQuantity: true, quantity: variant.quantity, inStock: variant.quantity > 0 }
      : { trackQuantity: false, inStock: variant.inStock },
  };
  if (merchant)
    out.variant.costAndProfitData = costAndProfit(
      product,
      full,
      toCents(variant.cost ?? product.cost),
    );
  return out;
}

/** The image of a variant: the first media of its first choice that has one. */
export function variantImage(
  product: ProductRecord,
  variant: VariantRecord,
): MediaRecord | undefined {
  for (const option of product.productOptions) {
    const choice = option.choices.find((c) => c.description === variant.choices[option.name]);
    const mediaId = choice?.mediaIds[0];
    const media = mediaId === undefined ? undefined : product.media.find((m) => m.id === mediaId);
    if (media) return media;
  }
  return undefined;
}

/** The variants API's id of a variant: `{productId}-{variantId}`, as the platform forms it. */
export function variantApiId(productId: string, variantId: string): string {
  return `${productId}-${variantId}`;
}

/** A variant as answered by the variants API. */
export function renderVariant(
  baseUrl: string,
  product: ProductRecord,
  variant: VariantRecord,
  merchant: boolean,
): WireVariant {
  const image = variantImage(product, variant) ?? product.media[0];
  const { id: variantId, ...rest } = renderProductVariant(product, variant, merchant);
  const names = product.productOptions
    .map((option) => variant.choices[option.name])
    .filter((choice): choice is string => choice !== undefined);
  return {
    ...rest,
    id: variantApiId(product.id, variantId),
    variantId,
    productId: product.id,
    productName: product.name,
    variantName: names.length > 0 ? names.join(' / ') : product.name,
    managedVariant: product.variants.length > 1,
    collectionIds: [...product.collectionIds],
    media: image ? { image: { ...wireImage(baseUrl, image), altText: image.title } } : {},
  };
}

/** A product in the wire shape. */
export function renderProduct(product: ProductRecord, options: RenderOptions): WireProduct {
  const { baseUrl, merchant } = options;
  const defaultVariant = product.variants[0];
  const full = variantFullCents(product, undefined);
  const data = priceData(product, full);
  const status = inventoryStatus(product);
  const tracked = product.variants.some((v) => v.trackQuantity);
  const visibleVariants = product.variants.filter((v) => v.visible);
  const prices = visibleVariants.map((v) =>
    fromCents(discountedCents(product, variantFullCents(product, v))),
  );
  const wire: WireProduct = {
    id: product.id,
    numericId: product.numericId,
    name: product.name,
    slug: product.slug,
    visible: product.visible,
    productType: product.productType,
    description: product.description,
    sku: product.sku,
    weight: product.weight,
    weightRange: range(product.variants.map((v) => v.weight ?? product.weight)),
    stock: {
      trackInventory: tracked,
      ...(tracked
        ? { quantity: product.variants.reduce((n, v) => n + (v.trackQuantity ? v.quantity : 0), 0) }
        : {}),
      inStock: status !== 'OUT_OF_STOCK',
      inventoryStatus: status,
    },
    price: data,
    priceData: data,
    convertedPriceData: data,
    priceRange: range(prices.length > 0 ? prices : [data.discountedPrice]),
    additionalInfoSections: product.additionalInfoSections.map((s) => ({ ...s })),
    ribbons: product.ribbon ? [{ text: product.ribbon }] : [],
    ribbon: product.ribbon,
    brand: product.brand,
    media: mediaOf(baseUrl, product.media),
    customTextFields: product.customTextFields.map((f) => ({ ...f })),
    manageVariants: product.manageVariants,
    productOptions: product.productOptions.map((option) => ({
      optionType: option.optionType,
      name: option.name,
      choices: option.choices.map((choice) => {
        const matching = product.variants.filter(
          (v) => v.choices[option.name] === choice.description,
        );
        const media = product.media.filter((m) => choice.mediaIds.includes(m.id));
        return {
          value: choice.value,
          description: choice.description,
          ...(media.length > 0 ? { media: mediaOf(baseUrl, media) } : {}),
          inStock: matching.some(variantInStock),
          visible: matching.some((v) => v.visible),
        };
      }),
    })),
    productPageUrl: { base: baseUrl, path: `/product-page/${product.slug}` },
    inventoryItemId: defaultVariant ? `inv-${product.id}` : '',
    discount: { ...product.discount },
    collectionIds: [...product.collectionIds],
    lastUpdated: product.lastUpdated,
    createdDate: product.createdDate,
  };
  if (product.pricePerUnitData) wire.pricePerUnitData = { ...product.pricePerUnitData };
  if (merchant) {
    wire.costAndProfitData = costAndProfit(product, full, toCents(product.cost));
    wire.costRange = range(product.variants.map((v) => v.cost ?? product.cost));
  }
  if (options.variants)
    wire.variants = product.variants.map((v) => renderProductVariant(product, v, merchant));
  return wire;
}

/**
 * `whole` (a product rendered with merchant data and variants) as a reader who asked for less sees
 * it: without merchant data, `costAndProfitData`, `costRange` and each variant's costs go; without
 * variants, `variants` goes. Every other field stays, in its place, so the answer is the one
 * {@link renderProduct} makes for those options.
 */
export function trimProduct(
  whole: WireProduct,
  options: Pick<RenderOptions, 'merchant' | 'variants'>,
): WireProduct {
  const { costAndProfitData, costRange, variants, ...shared } = whole;
  const out: WireProduct = shared;
  if (options.merchant && costAndProfitData && costRange) {
    out.costAndProfitData = costAndProfitData;
    out.costRange = costRange;
  }
  if (options.variants && variants) {
    out.variants = options.merchant
      ? variants
      : variants.map((v) => {
          const { costAndProfitData: _costs, ...variant } = v.variant;
          return { ...v, variant };
        });
  }
  return out;
}

/** A collection in the wire shape. */
export function renderCollection(
  baseUrl: string,
  collection: CollectionRecord,
  numberOfProducts: number,
): WireCollection {
  return {
    id: collection.id,
    name: collection.name,
    slug: collection.slug,
    description: collection.description,
    visible: collection.visible,
    numberOfProducts,
    media: mediaOf(baseUrl, collection.media ? [collection.media] : []),
  };
}
