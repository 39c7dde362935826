/**
 * A Products V3 write body applied to a product record: name, slug, description, visibility,
 * type, brand, ribbon, media, options and their choices (by name), free-text modifiers (V1
 * custom text fields, keyed by title), and variants (choices by names or by the ids reads give,
 * prices as decimal strings, stock with `inventoryItem`). Fields reads answer but writes do not
 * set (`inventory`, price ranges, `revision`…) are accepted and ignored, so a product read and
 * sent back is a valid update; anything else is refused naming it.
 */
import { randomId } from '../crypto/random.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, validationError } from '../http/errors.js';
import { checkMediaUrl, mediaOfUrl } from '../catalog/inputs.js';
import type { OptionRecord, ProductRecord, VariantRecord } from '../models/catalog.js';
import { isObject } from '../query/filter.js';
import { choiceId, optionId } from './ids.js';

/** Fields reads answer that a write leaves as they are. */
const READ_ONLY = new Set([
  'id',
  'revision',
  'createdDate',
  'updatedDate',
  'url',
  'inventory',
  'actualPriceRange',
  'compareAtPriceRange',
  'variantSummary',
  'currency',
  'breadcrumbsInfo',
  'directCategoriesInfo',
  'allCategoriesInfo',
  'mainCategoryId',
  'costRange',
  'handle',
  'visibleInPos',
  'infoSections',
  'seoData',
  'taxGroupId',
  'physicalProperties',
  'purchaseEligibility',
  'extendedFields',
  'tags',
  'subscriptionDetails',
  'additionalRibbons',
  'description',
]);
const WRITABLE = new Set([
  'name',
  'slug',
  'plainDescription',
  'visible',
  'productType',
  'brand',
  'ribbon',
  'media',
  'options',
  'modifiers',
  'variantsInfo',
]);

type Input = Record<string, unknown>;

function text(value: unknown, field: string, max: number, v: FieldViolation[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) {
    v.push({
      field,
      description: `must be a string of at most ${max} characters`,
      violatedRule: 'VALIDATION',
    });
    return undefined;
  }
  return value;
}

function amount(value: unknown, field: string, v: FieldViolation[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  const raw = isObject(value) ? value.amount : undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(raw)) {
    v.push({
      field: `${field}.amount`,
      description: 'must be a decimal string of at most 2 decimals',
      violatedRule: 'FORMAT',
    });
    return undefined;
  }
  return Number(raw);
}

function applyOptions(product: ProductRecord, raw: unknown, v: FieldViolation[]): void {
  if (!Array.isArray(raw) || raw.length > 6) {
    v.push({
      field: 'product.options',
      description: 'must be an array of at most 6 options',
      violatedRule: 'MAX_SIZE',
    });
    return;
  }
  const options: OptionRecord[] = [];
  raw.forEach((o: unknown, i) => {
    const at = `product.options[${i}]`;
    const option = isObject(o) ? o : {};
    // An option named by id keeps its name (ids are drawn from names).
    const known = product.productOptions.find((p) => optionId(product.id, p.name) === option.id);
    const name = text(option.name, `${at}.name`, 50, v) ?? known?.name;
    if (!name)
      return void v.push({
        field: `${at}.name`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    const settings = isObject(option.choicesSettings) ? option.choicesSettings : {};
    const choices = Array.isArray(settings.choices) ? settings.choices : [];
    if (choices.length === 0)
      return void v.push({
        field: `${at}.choicesSettings.choices`,
        description: 'must hold at least one choice',
        violatedRule: 'MIN_SIZE',
      });
    const color = option.optionRenderType === 'SWATCH_CHOICES';
    options.push({
      name,
      optionType: color ? 'color' : 'drop_down',
      choices: choices.map((c: unknown, j) => {
        const choice = isObject(c) ? c : {};
        const old = known?.choices.find(
          (k) => choiceId(product.id, known.name, k.description) === choice.choiceId,
        );
        const label =
          text(choice.name, `${at}.choicesSettings.choices[${j}].name`, 50, v) ??
          old?.description ??
          '';
        if (label === '')
          v.push({
            field: `${at}.choicesSettings.choices[${j}].name`,
            description: 'is required',
            violatedRule: 'REQUIRED_FIELD',
          });
        const code = typeof choice.colorCode === 'string' ? choice.colorCode : undefined;
        return {
          value: color ? (code ?? old?.value ?? '#000000') : label,
          description: label,
          mediaIds: old?.mediaIds ?? [],
        };
      }),
    });
  });
  product.productOptions = options;
  product.manageVariants = options.length > 0;
}

function applyModifiers(product: ProductRecord, raw: unknown, v: FieldViolation[]): void {
  if (!Array.isArray(raw) || raw.length > 10) {
    v.push({
      field: 'product.modifiers',
      description: 'must be an array of at most 10 modifiers',
      violatedRule: 'MAX_SIZE',
    });
    return;
  }
  product.customTextFields = raw.flatMap((m: unknown, i) => {
    const modifier = isObject(m) ? m : {};
    if (modifier.modifierRenderType !== 'FREE_TEXT') {
      v.push({
        field: `product.modifiers[${i}].modifierRenderType`,
        description: 'must be FREE_TEXT: the emulator keeps free-text modifiers only',
        violatedRule: 'VALIDATION',
      });
      return [];
    }
    const settings = isObject(modifier.freeTextSettings) ? modifier.freeTextSettings : {};
    const title =
      text(settings.key ?? modifier.key ?? modifier.name, `product.modifiers[${i}].name`, 100, v) ??
      '';
    const max =
      typeof settings.maxCharCount === 'number'
        ? Math.min(500, Math.max(1, settings.maxCharCount))
        : 500;
    return title === '' ? [] : [{ title, maxLength: max, mandatory: modifier.mandatory === true }];
  });
}

/** The choices a variant names: by names, or by the option and choice ids reads give. */
function choicesOf(
  product: ProductRecord,
  raw: unknown,
  at: string,
  v: FieldViolation[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [i, c] of (Array.isArray(raw) ? raw : []).entries()) {
    const choice = isObject(c) ? c : {};
    const names = isObject(choice.optionChoiceNames) ? choice.optionChoiceNames : undefined;
    const ids = isObject(choice.optionChoiceIds) ? choice.optionChoiceIds : undefined;
    const option = product.productOptions.find((o) =>
      names ? o.name === names.optionName : optionId(product.id, o.name) === ids?.optionId,
    );
    const picked = option?.choices.find((ch) =>
      names
        ? ch.description === names.choiceName
        : choiceId(product.id, option.name, ch.description) === ids?.choiceId,
    );
    if (!option || !picked) {
      v.push({
        field: `${at}.choices[${i}]`,
        description: "is not a choice of the product's options",
        violatedRule: 'VALIDATION',
      });
      continue;
    }
    out[option.name] = picked.description;
  }
  return out;
}

function applyVariants(product: ProductRecord, raw: unknown, v: FieldViolation[]): void {
  const list = isObject(raw) && Array.isArray(raw.variants) ? raw.variants : undefined;
  if (!list || list.length === 0 || list.length > 1000) {
    v.push({
      field: 'product.variantsInfo.variants',
      description: 'must hold 1 to 1000 variants',
      violatedRule: 'MIN_SIZE',
    });
    return;
  }
  const seen = new Set<string>();
  product.variants = list.map((x: unknown, i): VariantRecord => {
    const at = `product.variantsInfo.variants[${i}]`;
    const input = isObject(x) ? x : {};
    const choices = choicesOf(product, input.choices, at, v);
    const key = JSON.stringify(product.productOptions.map((o) => choices[o.name] ?? ''));
    if (Object.keys(choices).length !== product.productOptions.length)
      v.push({
        field: `${at}.choices`,
        description: 'must choose one choice of every option',
        violatedRule: 'VALIDATION',
      });
    else if (seen.has(key))
      v.push({
        field: `${at}.choices`,
        description: "repeats another variant's choices",
        violatedRule: 'VALIDATION',
      });
    seen.add(key);
    const old = product.variants.find((p) =>
      typeof input.id === 'string'
        ? p.id === input.id
        : JSON.stringify(p.choices) === JSON.stringify(choices),
    );
    const price = isObject(input.price) ? input.price : {};
    const actual =
      amount(price.actualPrice, `${at}.price.actualPrice`, v) ?? old?.price ?? product.price;
    const compare = amount(price.compareAtPrice, `${at}.price.compareAtPrice`, v);
    const stock = isObject(input.inventoryItem) ? input.inventoryItem : {};
    const weight =
      isObject(input.physicalProperties) && typeof input.physicalProperties.weight === 'number'
        ? input.physicalProperties.weight
        : old?.weight;
    return {
      id: old?.id ?? (typeof input.id === 'string' && input.id !== '' ? input.id : randomId()),
      choices,
      price: actual,
      ...(compare !== undefined && compare > actual ? { compareAtPrice: compare } : {}),
      ...(weight !== undefined ? { weight } : {}),
      sku: text(input.sku, `${at}.sku`, 40, v) ?? old?.sku ?? '',
      visible: typeof input.visible === 'boolean' ? input.visible : (old?.visible ?? true),
      trackQuantity:
        typeof stock.quantity === 'number'
          ? true
          : typeof stock.inStock === 'boolean'
            ? false
            : (old?.trackQuantity ?? false),
      quantity: typeof stock.quantity === 'number' ? stock.quantity : (old?.quantity ?? 0),
      inStock: typeof stock.inStock === 'boolean' ? stock.inStock : (old?.inStock ?? true),
      ...(old?.stockRevision !== undefined ? { stockRevision: old.stockRevision + 1 } : {}),
    };
  });
  // A V3 product prices each variant itself: the V1 product-level sale no longer applies.
  product.discount = { type: 'NONE', value: 0 };
  product.price = Math.min(...product.variants.map((x) => x.price ?? 0));
}

function applyMedia(product: ProductRecord, raw: unknown, v: FieldViolation[]): void {
  const media = isObject(raw) ? raw : {};
  const items =
    isObject(media.itemsInfo) && Array.isArray(media.itemsInfo.items)
      ? media.itemsInfo.items
      : media.main
        ? [media.main]
        : [];
  product.media = items.flatMap((m: unknown, i) => {
    const item = isObject(m) ? m : {};
    const url =
      typeof item.url === 'string' ? item.url : typeof item.id === 'string' ? item.id : '';
    if (!checkMediaUrl(url, `product.media.itemsInfo.items[${i}].url`, v)) return [];
    return [mediaOfUrl(url, product.name, randomId)];
  });
}

/**
 * Applies a V3 product body to `product` (a copy), returning the fields it changed.
 * @throws {ApiError} 400 naming every bad or unknown field.
 */
export function applyV3Input(
  product: ProductRecord,
  input: Input,
  slugTaken: (slug: string) => boolean,
): string[] {
  const v: FieldViolation[] = [];
  for (const key of Object.keys(input))
    if (!WRITABLE.has(key) && !READ_ONLY.has(key))
      v.push({
        field: `product.${key}`,
        description: 'is not a field the emulator keeps',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
  const changed = Object.keys(input).filter((k) => WRITABLE.has(k));
  const name = text(input.name, 'product.name', 80, v);
  if (name !== undefined) product.name = name;
  const slug = text(input.slug, 'product.slug', 100, v);
  if (slug !== undefined) {
    if (slugTaken(slug))
      throw fieldError('product.slug', "is another product's slug", 'VALIDATION');
    product.slug = slug;
  }
  const plain = text(input.plainDescription, 'product.plainDescription', 16_000, v);
  if (plain !== undefined) product.description = plain;
  if (input.visible !== undefined && input.visible !== null) {
    if (typeof input.visible === 'boolean') product.visible = input.visible;
    else
      v.push({
        field: 'product.visible',
        description: 'must be a boolean',
        violatedRule: 'VALIDATION',
      });
  }
  if (input.productType !== undefined) {
    if (input.productType === 'PHYSICAL' || input.productType === 'DIGITAL')
      product.productType = input.productType === 'PHYSICAL' ? 'physical' : 'digital';
    else
      v.push({
        field: 'product.productType',
        description: 'must be one of PHYSICAL, DIGITAL',
        violatedRule: 'INVALID_ENUM_VALUE',
      });
  }
  for (const label of ['brand', 'ribbon'] as const)
    if (input[label] !== undefined)
      product[label] = isObject(input[label])
        ? (text(input[label].name, `product.${label}.name`, 50, v) ?? '')
        : '';
  if (input.media !== undefined) applyMedia(product, input.media, v);
  if (input.options !== undefined) applyOptions(product, input.options, v);
  if (input.modifiers !== undefined) applyModifiers(product, input.modifiers, v);
  if (input.variantsInfo !== undefined) applyVariants(product, input.variantsInfo, v);
  else if (input.options !== undefined)
    v.push({
      field: 'product.variantsInfo',
      description: 'must list the variants of the new options',
      violatedRule: 'REQUIRED_FIELD',
    });
  if (v.length > 0) throw validationError(v);
  return changed;
}
