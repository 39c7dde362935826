/**
 * A product record in Catalog V3's wire shape (platform-wire-v3.md "The V3 product object"):
 * options with choice ids, variants with option-choice ids, prices as decimal strings, and the
 * extra data each `fields` value asks for. The record stays the one source of truth: V1 and V3
 * views are both drawn from it.
 */
import type { EmulatorContext } from '../context.js';
import { formatCents, decimalString, toCents } from '../catalog/money.js';
import { mediaIdOfUrl, sizedMediaPath } from '../catalog/media-files.js';
import {
  absoluteUrl,
  discountedCents,
  inventoryStatus,
  variantFullCents,
  variantImage,
  variantInStock,
} from '../catalog/render.js';
import { getCollection } from '../catalog/records.js';
import type { MediaRecord, ProductRecord, VariantRecord } from '../models/catalog.js';
import { STORE_CURRENCY } from '../models/catalog.js';
import { derivedId } from '../crypto/hash.js';
import {
  allCategoryIds,
  ancestorsOf,
  directCategoryIds,
  findCategory,
  indexIn,
  richText,
} from './categories.js';
import { choiceId, infoSectionId, modifierId, optionId } from './ids.js';

/** What a rendering is asked for. */
export interface V3RenderOptions {
  /** The request's `fields`. */
  fields: ReadonlySet<string>;
  /** Whether `variantsInfo` goes in (get and get-by-slug, not query or search). */
  variants: boolean;
}

/** A price: a decimal string, and its formatted form only when `CURRENCY` is asked for. */
export function amountOf(cents: number, fields: ReadonlySet<string>): Record<string, string> {
  return fields.has('CURRENCY')
    ? { amount: decimalString(cents), formattedAmount: formatCents(cents) }
    : { amount: decimalString(cents) };
}

/** A media record as a V3 product media item. */
export function v3Media(
  baseUrl: string,
  media: MediaRecord,
  fields: ReadonlySet<string>,
): Record<string, unknown> {
  const url = absoluteUrl(baseUrl, media.url);
  const id = mediaIdOfUrl(media.url, baseUrl) ?? media.id;
  const thumb = { width: 50, height: 50 };
  const local = mediaIdOfUrl(media.url, baseUrl);
  return {
    id,
    url,
    image: {
      id,
      url,
      height: media.height,
      width: media.width,
      altText: media.title,
      filename: id,
    },
    altText: media.title,
    displayName: media.title,
    mediaType: 'IMAGE',
    ...(fields.has('THUMBNAIL')
      ? {
          thumbnail: {
            ...thumb,
            url:
              local === undefined
                ? url
                : `${baseUrl}${sizedMediaPath(local, { ...thumb, fit: 'fit' })}`,
            altText: media.title,
          },
        }
      : {}),
    uploadId: '',
  };
}

/** The price a shopper pays for a variant, and the one before a sale (when different). */
export function variantPrices(
  product: Readonly<ProductRecord>,
  variant: VariantRecord,
): { actualCents: number; compareAtCents: number } {
  const full = variantFullCents(product, variant);
  const actualCents = discountedCents(product, full);
  const compareAtCents =
    variant.compareAtPrice !== undefined ? toCents(variant.compareAtPrice) : full;
  return { actualCents, compareAtCents: Math.max(compareAtCents, actualCents) };
}

function isColor(product: Readonly<ProductRecord>, optionName: string): boolean {
  return product.productOptions.find((o) => o.name === optionName)?.optionType === 'color';
}

/** A variant in the V3 shape. */
export function renderV3Variant(
  ctx: EmulatorContext,
  product: Readonly<ProductRecord>,
  variant: VariantRecord,
  fields: ReadonlySet<string>,
): Record<string, unknown> {
  const { actualCents, compareAtCents } = variantPrices(product, variant);
  const image = variantImage(product, variant);
  const out: Record<string, unknown> = {
    id: variant.id,
    visible: variant.visible,
    sku: variant.sku,
    choices: product.productOptions
      .filter((o) => variant.choices[o.name] !== undefined)
      .map((o) => ({
        optionChoiceIds: {
          optionId: optionId(product.id, o.name),
          choiceId: choiceId(product.id, o.name, variant.choices[o.name]!),
        },
        ...(fields.has('VARIANT_OPTION_CHOICE_NAMES')
          ? {
              optionChoiceNames: {
                optionName: o.name,
                choiceName: variant.choices[o.name],
                renderType: isColor(product, o.name) ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
              },
            }
          : {}),
      })),
    price: {
      actualPrice: amountOf(actualCents, fields),
      ...(compareAtCents > actualCents ? { compareAtPrice: amountOf(compareAtCents, fields) } : {}),
    },
    ...(image ? { media: v3Media(ctx.baseUrl, image, fields) } : {}),
    inventoryStatus: { inStock: variantInStock(variant), preorderEnabled: false },
    ...(product.productType === 'physical'
      ? { physicalProperties: { weight: variant.weight ?? product.weight } }
      : { digitalProperties: {} }),
  };
  if (fields.has('MERCHANT_DATA')) {
    const cost = toCents(variant.cost ?? product.cost);
    const profit = actualCents - cost;
    out.revenueDetails = {
      cost: amountOf(cost, fields),
      profit: amountOf(profit, fields),
      profitMargin: actualCents === 0 ? 0 : Math.round((profit / actualCents) * 10000) / 10000,
    };
  }
  return out;
}

function range(cents: number[], fields: ReadonlySet<string>) {
  const values = cents.length > 0 ? cents : [0];
  return {
    minValue: amountOf(Math.min(...values), fields),
    maxValue: amountOf(Math.max(...values), fields),
  };
}

function renderOptions(
  ctx: EmulatorContext,
  product: Readonly<ProductRecord>,
  fields: ReadonlySet<string>,
) {
  return product.productOptions.map((option) => {
    const color = option.optionType === 'color';
    return {
      id: optionId(product.id, option.name),
      name: option.name,
      key: option.name,
      optionRenderType: color ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
      choicesSettings: {
        choices: option.choices.map((choice) => {
          const matching = product.variants.filter(
            (v) => v.choices[option.name] === choice.description,
          );
          const media = product.media.filter((m) => choice.mediaIds.includes(m.id));
          return {
            choiceId: choiceId(product.id, option.name, choice.description),
            key: choice.description,
            name: choice.description,
            choiceType: color ? 'ONE_COLOR' : 'CHOICE_TEXT',
            ...(color ? { colorCode: choice.value } : {}),
            inStock: matching.some(variantInStock),
            visible: matching.some((v) => v.visible),
            ...(fields.has('PRODUCT_CHOICES_MEDIA_REFERENCES') && media.length > 0
              ? { media: { items: media.map((m) => ({ mediaId: m.id })) } }
              : {}),
            ...(fields.has('PRODUCT_CHOICES_DISPLAY_IMAGE') && media[0]
              ? { displayImage: v3Media(ctx.baseUrl, media[0], fields).image }
              : {}),
          };
        }),
      },
    };
  });
}

/** A V1 custom text field as the V3 free-text modifier it is (its key: its title). */
function renderModifiers(product: Readonly<ProductRecord>) {
  return product.customTextFields.map((field) => ({
    id: modifierId(product.id, field.title),
    name: field.title,
    key: field.title,
    mandatory: field.mandatory,
    modifierRenderType: 'FREE_TEXT',
    toBeRemovedMandatory: false,
    freeTextSettings: {
      minCharCount: field.mandatory ? 1 : 0,
      maxCharCount: field.maxLength,
      title: field.title,
      key: field.title,
    },
  }));
}

function renderInfoSections(product: Readonly<ProductRecord>, fields: ReadonlySet<string>) {
  const content = fields.has('INFO_SECTION');
  const referenced = (product.infoSectionIds ?? []).map((id) => ({ id }));
  return [
    ...product.additionalInfoSections.map((section) => ({
      id: infoSectionId(product.id, section.title),
      ...(content
        ? {
            uniqueName: section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
            title: section.title,
          }
        : {}),
      ...(fields.has('INFO_SECTION_PLAIN_DESCRIPTION')
        ? { plainDescription: section.description }
        : {}),
      ...(fields.has('INFO_SECTION_DESCRIPTION')
        ? { description: richText(section.description) }
        : {}),
    })),
    ...referenced,
  ];
}

/** The categories part of a product: main category, and what `fields` ask for. */
function renderCategories(
  ctx: EmulatorContext,
  product: Readonly<ProductRecord>,
  fields: ReadonlySet<string>,
): Record<string, unknown> {
  const infoOf = (ids: string[]) => ({
    categories: ids.map((id) => {
      const index = indexIn(findCategory(ctx, id), product.id);
      return { id, ...(index !== undefined ? { index } : {}) };
    }),
  });
  const mainId =
    product.collectionIds.find((id) => getCollection(ctx, id)) ?? directCategoryIds(product)[0]!;
  const out: Record<string, unknown> = { mainCategoryId: mainId };
  if (fields.has('DIRECT_CATEGORIES_INFO'))
    out.directCategoriesInfo = infoOf(directCategoryIds(product));
  if (fields.has('ALL_CATEGORIES_INFO'))
    out.allCategoriesInfo = infoOf(allCategoryIds(ctx, product));
  if (fields.has('BREADCRUMBS_INFO')) {
    const main = findCategory(ctx, mainId);
    out.breadcrumbsInfo = {
      breadcrumbs: main
        ? [...ancestorsOf(ctx, main), main].map((c) => ({
            categoryId: c.id,
            categoryName: c.name,
            categorySlug: c.slug,
          }))
        : [],
    };
  }
  return out;
}

/** A product in the V3 wire shape. */
export function renderV3Product(
  ctx: EmulatorContext,
  product: Readonly<ProductRecord>,
  options: V3RenderOptions,
): Record<string, unknown> {
  const { fields } = options;
  const visibleVariants = product.variants.filter((v) => v.visible);
  const priced = (visibleVariants.length > 0 ? visibleVariants : product.variants).map((v) =>
    variantPrices(product, v),
  );
  const path = `/product-page/${product.slug}`;
  const out: Record<string, unknown> = {
    id: product.id,
    revision: String(product.revision ?? 1),
    createdDate: product.createdDate,
    updatedDate: product.lastUpdated,
    name: product.name,
    slug: product.slug,
    handle: product.slug,
    visible: product.visible,
    visibleInPos: product.visible,
    media: {
      ...(product.media[0] ? { main: v3Media(ctx.baseUrl, product.media[0], fields) } : {}),
      ...(fields.has('MEDIA_ITEMS_INFO')
        ? { itemsInfo: { items: product.media.map((m) => v3Media(ctx.baseUrl, m, fields)) } }
        : {}),
    },
    options: renderOptions(ctx, product, fields),
    modifiers: renderModifiers(product),
    ...(product.brand
      ? { brand: { id: derivedId('brand', product.brand), name: product.brand } }
      : {}),
    infoSections: renderInfoSections(product, fields),
    ...(product.ribbon
      ? { ribbon: { id: derivedId('ribbon', product.ribbon), name: product.ribbon } }
      : {}),
    additionalRibbons: [],
    ...renderCategories(ctx, product, fields),
    inventory: {
      availabilityStatus: inventoryStatus(product),
      preorderStatus: 'DISABLED',
      preorderAvailability: 'NO_VARIANTS',
    },
    productType: product.productType === 'physical' ? 'PHYSICAL' : 'DIGITAL',
    ...(product.productType === 'physical'
      ? {
          physicalProperties: {
            shippingWeightRange: {
              minValue: Math.min(...product.variants.map((v) => v.weight ?? product.weight)),
              maxValue: Math.max(...product.variants.map((v) => v.weight ?? product.weight)),
            },
          },
        }
      : {}),
    actualPriceRange: range(
      priced.map((p) => p.actualCents),
      fields,
    ),
    compareAtPriceRange: range(
      priced.map((p) => p.compareAtCents),
      fields,
    ),
    variantSummary: { variantCount: product.variants.length },
    ...(product.tags
      ? {
          tags: {
            privateTags: { tagIds: [...product.tags.privateTags] },
            publicTags: { tagIds: [...product.tags.publicTags] },
          },
        }
      : {}),
  };
  if (fields.has('URL')) out.url = { relativePath: path, url: `${ctx.baseUrl}${path}` };
  if (fields.has('CURRENCY')) out.currency = STORE_CURRENCY;
  if (fields.has('PLAIN_DESCRIPTION')) out.plainDescription = product.description;
  if (fields.has('DESCRIPTION')) out.description = richText(product.description);
  if (fields.has('MERCHANT_DATA')) {
    const costs = product.variants.map((v) => toCents(v.cost ?? product.cost));
    out.costRange = range(costs, fields);
  }
  if (options.variants)
    out.variantsInfo = {
      variants: product.variants.map((v) => renderV3Variant(ctx, product, v, fields)),
    };
  return out;
}
