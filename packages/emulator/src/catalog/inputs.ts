/**
 * Merchant write inputs: the schemas of product, collection and variant bodies, and how a
 * parsed input is applied to a record. Bounds keep absurd values out (a price of 1e300, a
 * 10 000-choice option) with a field violation rather than a slow or broken catalog.
 */
import type { FieldViolation } from '../http/errors.js';
import { validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { arr, bool, decimal, int, obj, oneOf, optional, record, str } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import type { MediaRecord, OptionRecord, ProductRecord, VariantRecord } from '../models/catalog.js';
import { MEDIA_ID_PATTERN, drawnMedia } from './media-files.js';
import { slugify } from './seed.js';

/** Largest price, cost or weight accepted. */
export const MAX_AMOUNT = 999_999_999;
/** Most variants a product may have (the product of its options' choice counts). */
export const MAX_VARIANTS = 300;

const MEASUREMENT_UNITS = [
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
] as const;

const amount = () => decimal({ min: 0, max: MAX_AMOUNT });
const SLUG = {
  min: 1,
  max: 100,
  pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  format: 'lower-case words joined by hyphens',
};

const choiceInput = obj({
  value: optional(str({ min: 1, max: 50 })),
  description: str({ min: 1, max: 50 }),
  inStock: optional(bool()),
  visible: optional(bool()),
});

const optionInput = obj({
  name: str({ min: 1, max: 50 }),
  optionType: optional(oneOf(['drop_down', 'color'])),
  choices: arr(choiceInput, { min: 1, max: 100 }),
});

const productFields = {
  name: optional(str({ min: 1, max: 80 })),
  productType: optional(oneOf(['physical', 'digital'])),
  priceData: optional(obj({ price: amount(), currency: optional(oneOf(['USD'])) })),
  costAndProfitData: optional(obj({ itemCost: amount() })),
  description: optional(str({ max: 8000 })),
  sku: optional(str({ max: 40 })),
  visible: optional(bool()),
  weight: optional(decimal({ min: 0, max: 999_999 })),
  discount: optional(
    obj({
      type: oneOf(['NONE', 'AMOUNT', 'PERCENT']),
      value: optional(decimal({ min: 0, max: MAX_AMOUNT })),
    }),
  ),
  manageVariants: optional(bool()),
  productOptions: optional(arr(optionInput, { max: 6 })),
  customTextFields: optional(
    arr(
      obj({
        title: str({ min: 1, max: 100 }),
        maxLength: int({ min: 1, max: 500 }),
        mandatory: optional(bool()),
      }),
      { max: 2 },
    ),
  ),
  brand: optional(str({ max: 50 })),
  ribbon: optional(str({ max: 30 })),
  slug: optional(str(SLUG)),
  pricePerUnitData: optional(
    obj({
      totalQuantity: decimal({ min: 0.0001, max: 999_999 }),
      totalMeasurementUnit: oneOf(MEASUREMENT_UNITS),
      baseQuantity: decimal({ min: 0.0001, max: 999_999 }),
      baseMeasurementUnit: oneOf(MEASUREMENT_UNITS),
    }),
  ),
  additionalInfoSections: optional(
    arr(obj({ title: str({ min: 1, max: 100 }), description: str({ max: 8000 }) }), { max: 10 }),
  ),
  stock: optional(
    obj({
      trackInventory: optional(bool()),
      quantity: optional(int({ min: 0, max: 99_999_999 })),
      inStock: optional(bool()),
    }),
  ),
};

/** Body of product create: `{product}` with a required name and price. */
export const productCreateBody = obj({
  product: obj({
    ...productFields,
    name: str({ min: 1, max: 80 }),
    priceData: obj({ price: amount(), currency: optional(oneOf(['USD'])) }),
  }),
});

/** Body of product update: `{product}` with any subset of fields, and optionally its id. */
export const productUpdateBody = obj({
  product: obj({ ...productFields, id: optional(str({ min: 1, max: 100 })) }),
});

/** A product input as parsed (create or update). */
export type ProductInput = Infer<ReturnType<typeof obj<typeof productFields>>>;

/** Body of collection create. */
export const collectionCreateBody = obj({
  collection: obj({
    name: str({ min: 1, max: 50 }),
    description: optional(str({ max: 600 })),
    slug: optional(str(SLUG)),
    visible: optional(bool()),
    media: optional(
      obj({ mainMedia: optional(obj({ image: obj({ url: str({ min: 1, max: 2000 }) }) })) }),
    ),
  }),
});

/** Body of collection update. */
export const collectionUpdateBody = obj({
  collection: obj({
    id: optional(str({ min: 1, max: 100 })),
    name: optional(str({ min: 1, max: 50 })),
    description: optional(str({ max: 600 })),
    slug: optional(str(SLUG)),
    visible: optional(bool()),
    media: optional(
      obj({ mainMedia: optional(obj({ image: obj({ url: str({ min: 1, max: 2000 }) }) })) }),
    ),
  }),
});

/** Body of variant updates. */
export const variantsUpdateBody = obj({
  variants: arr(
    obj({
      choices: optional(record(str({ min: 1, max: 50 }), { maxKeys: 6 })),
      variantIds: optional(arr(str({ min: 1, max: 100 }), { min: 1, max: MAX_VARIANTS })),
      price: optional(amount()),
      cost: optional(amount()),
      weight: optional(decimal({ min: 0, max: 999_999 })),
      sku: optional(str({ max: 40 })),
      visible: optional(bool()),
    }),
    { min: 1, max: MAX_VARIANTS },
  ),
});

/** Body of `POST …/media`. */
export const mediaAddBody = obj({
  media: arr(
    obj({
      mediaId: optional(
        str({
          min: 1,
          max: 200,
          pattern: MEDIA_ID_PATTERN,
          format: 'a media id: an image file name with its extension',
        }),
      ),
      url: optional(str({ min: 1, max: 2000 })),
      choice: optional(obj({ option: str({ min: 1, max: 50 }), choice: str({ min: 1, max: 50 }) })),
    }),
    { min: 1, max: 50 },
  ),
});

/** Body of `POST …/media/delete`. */
export const mediaDeleteBody = obj({
  mediaIds: optional(arr(str({ min: 1, max: 200 }), { max: 100 })),
});

/** Body of the choice-media calls. */
export const choiceMediaBody = obj({
  media: arr(
    obj({
      option: str({ min: 1, max: 50 }),
      choice: str({ min: 1, max: 50 }),
      mediaIds: arr(str({ min: 1, max: 200 }), { max: 50 }),
    }),
    { min: 1, max: 100 },
  ),
});

/** Body of `POST …/collections/{id}/productIds[/delete]`. */
export const productIdsBody = obj({
  productIds: arr(str({ min: 1, max: 100 }), { min: 1, max: 1000 }),
});

const adjustment = obj({
  amount: optional(decimal({ min: -MAX_AMOUNT, max: MAX_AMOUNT })),
  percentage: optional(decimal({ min: -100, max: 10_000 })),
});

/** Body of bulk update. */
export const bulkUpdateBody = obj({
  ids: arr(str({ min: 1, max: 100 }), { min: 1, max: 100 }),
  set: obj({
    price: optional(amount()),
    cost: optional(amount()),
    weight: optional(decimal({ min: 0, max: 999_999 })),
  }),
});

/** Body of bulk adjust. */
export const bulkAdjustBody = obj({
  ids: arr(str({ min: 1, max: 100 }), { min: 1, max: 100 }),
  adjust: obj({
    price: optional(adjustment),
    cost: optional(adjustment),
    weight: optional(adjustment),
  }),
});

/**
 * An absolute http(s) URL with nothing a page would have to escape: no space, quote, angle
 * bracket, backslash or other character a URL never holds unencoded.
 */
const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s"'<>\\^`{|}]+$/i;

/**
 * Checks a merchant's media URL: an absolute http(s) URL, or a media id of the site (an image file
 * name with its extension, `lamp-front.jpg`), as the platform takes them; nothing else (no path,
 * no other scheme). Records a violation naming `field` when refused.
 */
export function checkMediaUrl(url: string, field: string, v: FieldViolation[]): boolean {
  if (MEDIA_ID_PATTERN.test(url)) return true;
  if (ABSOLUTE_HTTP_URL.test(url)) {
    try {
      if (new URL(url).hostname !== '') return true;
    } catch {
      // reported below
    }
  }
  v.push({
    field,
    description:
      'must be an absolute http(s) URL or a media id (an image file name with its extension)',
    violatedRule: 'FORMAT',
  });
  return false;
}

/**
 * The media record of a merchant's media URL already checked by {@link checkMediaUrl}: a media
 * id names a file of the site's media (served at `/media/{id}`), a URL an external image.
 */
export function mediaOfUrl(url: string, title: string, newId: () => string): MediaRecord {
  if (MEDIA_ID_PATTERN.test(url)) return drawnMedia(url, title);
  return { id: newId(), url, width: 800, height: 800, title };
}

/**
 * A media record for a media id given by a merchant (`addMedia`'s `mediaId`): the platform's ids
 * name a file of the site's media, which the emulator draws at `/media/{id}`.
 */
export function emulatorMedia(id: string, title: string): MediaRecord {
  return drawnMedia(id, title);
}

function variantKey(choices: Record<string, string>): string {
  return JSON.stringify(Object.entries(choices).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Rebuilds variants for new options, keeping the stock and overrides of unchanged combinations. */
export function rebuildVariants(
  product: ProductRecord,
  options: OptionRecord[],
  stockDefaults: { track: boolean; quantity: number },
): VariantRecord[] {
  let combos: Record<string, string>[] = [{}];
  for (const option of options)
    combos = combos.flatMap((c) =>
      option.choices.map((ch) => ({ ...c, [option.name]: ch.description })),
    );
  const existing = new Map(product.variants.map((v) => [variantKey(v.choices), v]));
  return combos.map((choices, i) => {
    const kept = existing.get(variantKey(choices));
    if (kept) return kept;
    return {
      id: randomId(),
      choices,
      sku: options.length > 0 ? `${product.sku || product.slug}-${i + 1}` : product.sku,
      visible: true,
      trackQuantity: stockDefaults.track,
      quantity: stockDefaults.quantity,
      inStock: true,
    };
  });
}

/** A product input being applied: the copy it changes, what changed, and what is wrong. */
interface ProductEdit {
  product: ProductRecord;
  /** The input's field path (`product`), for violations. */
  prefix: string;
  v: FieldViolation[];
  changed: Set<string>;
  /** Sets a field of the product and counts `field` (the wire's name for it) as changed. */
  set<K extends keyof ProductRecord>(
    this: void,
    key: K,
    value: ProductRecord[K],
    field?: string,
  ): void;
}

/** The fields that are copied as they come (in the order events name them). */
function applyPlainFields({ set }: ProductEdit, input: ProductInput): void {
  if (input.name !== undefined) set('name', input.name);
  if (input.productType !== undefined) set('productType', input.productType);
  if (input.priceData !== undefined) set('price', input.priceData.price, 'priceData');
  if (input.costAndProfitData !== undefined)
    set('cost', input.costAndProfitData.itemCost, 'costAndProfitData');
  if (input.description !== undefined) set('description', input.description);
  if (input.sku !== undefined) set('sku', input.sku);
  if (input.visible !== undefined) set('visible', input.visible);
  if (input.weight !== undefined) set('weight', input.weight);
  if (input.brand !== undefined) set('brand', input.brand);
  if (input.ribbon !== undefined) set('ribbon', input.ribbon);
  if (input.manageVariants !== undefined) set('manageVariants', input.manageVariants);
  if (input.pricePerUnitData !== undefined) set('pricePerUnitData', { ...input.pricePerUnitData });
  if (input.additionalInfoSections !== undefined)
    set(
      'additionalInfoSections',
      input.additionalInfoSections.map((s) => ({ ...s })),
    );
  if (input.customTextFields !== undefined) {
    set(
      'customTextFields',
      input.customTextFields.map((f) => ({
        title: f.title,
        maxLength: f.maxLength,
        mandatory: f.mandatory ?? false,
      })),
    );
  }
}

/** The discount, held to the price: a percentage up to 100, an amount up to the price. */
function applyDiscount({ product, prefix, v, set }: ProductEdit, input: ProductInput): void {
  if (input.discount !== undefined)
    set('discount', {
      type: input.discount.type,
      value: input.discount.type === 'NONE' ? 0 : (input.discount.value ?? 0),
    });
  if (product.discount.type === 'PERCENT' && product.discount.value > 100) {
    v.push({
      field: `${prefix}.discount.value`,
      description: 'must be at most 100 for a PERCENT discount',
      violatedRule: 'MAX',
    });
  }
  if (product.discount.type === 'AMOUNT' && product.discount.value > product.price) {
    v.push({
      field: `${prefix}.discount.value`,
      description: 'must not exceed the price',
      violatedRule: 'MAX',
    });
  }
}

/** A new slug, unless another product has it. */
function applySlug(
  { product, prefix, v, set }: ProductEdit,
  input: ProductInput,
  slugTaken: (slug: string) => boolean,
): void {
  if (input.slug === undefined || input.slug === product.slug) return;
  if (slugTaken(input.slug))
    v.push({
      field: `${prefix}.slug`,
      description: 'is already used by another product',
      violatedRule: 'VALIDATION',
    });
  else set('slug', input.slug);
}

/** Options without repeats, making at most {@link MAX_VARIANTS} variants. */
function checkOptions(
  { prefix, v }: ProductEdit,
  options: NonNullable<ProductInput['productOptions']>,
): void {
  const names = new Set<string>();
  let combinations = 1;
  options.forEach((option, i) => {
    if (names.has(option.name))
      v.push({
        field: `${prefix}.productOptions[${i}].name`,
        description: 'repeats another option',
        violatedRule: 'VALIDATION',
      });
    names.add(option.name);
    const descriptions = new Set(option.choices.map((c) => c.description));
    if (descriptions.size !== option.choices.length) {
      v.push({
        field: `${prefix}.productOptions[${i}].choices`,
        description: 'must not repeat a choice',
        violatedRule: 'VALIDATION',
      });
    }
    combinations *= option.choices.length;
  });
  if (combinations > MAX_VARIANTS) {
    v.push({
      field: `${prefix}.productOptions`,
      description: `must not make more than ${MAX_VARIANTS} variants`,
      violatedRule: 'MAX_SIZE',
    });
  }
}

/** New options, and the variants they make, when nothing else in the input is wrong. */
function applyOptions(edit: ProductEdit, input: ProductInput): void {
  if (input.productOptions === undefined) return;
  checkOptions(edit, input.productOptions);
  if (edit.v.length > 0) return;
  const { product } = edit;
  const options: OptionRecord[] = input.productOptions.map((o) => ({
    name: o.name,
    optionType: o.optionType ?? 'drop_down',
    choices: o.choices.map((c) => ({
      value: c.value ?? c.description,
      description: c.description,
      mediaIds: [],
    })),
  }));
  const first = product.variants[0];
  product.variants = rebuildVariants(product, options, {
    track: first?.trackQuantity ?? false,
    quantity: first?.quantity ?? 0,
  });
  edit.set('productOptions', options);
  if (options.length > 0 && input.manageVariants === undefined) product.manageVariants = true;
  edit.changed.add('variants');
}

/** The stock settings of every variant. */
function applyStock({ product, changed }: ProductEdit, input: ProductInput): void {
  if (input.stock === undefined) return;
  const { trackInventory, quantity, inStock } = input.stock;
  product.variants = product.variants.map((variant) => ({
    ...variant,
    ...(trackInventory !== undefined ? { trackQuantity: trackInventory } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(inStock !== undefined ? { inStock } : {}),
  }));
  changed.add('stock');
}

/**
 * Applies a parsed create or update input to `product` (a fresh copy), checking the rules that
 * span fields. Returns the names of the changed fields.
 * @throws {ApiError} 400 with every cross-field violation.
 */
export function applyProductInput(
  product: ProductRecord,
  input: ProductInput,
  prefix: string,
  slugTaken: (slug: string) => boolean,
): string[] {
  const changed = new Set<string>();
  const edit: ProductEdit = {
    product,
    prefix,
    v: [],
    changed,
    set(key, value, field = key) {
      product[key] = value;
      changed.add(field);
    },
  };
  applyPlainFields(edit, input);
  applyDiscount(edit, input);
  applySlug(edit, input, slugTaken);
  applyOptions(edit, input);
  applyStock(edit, input);
  if (edit.v.length > 0) throw validationError(edit.v);
  return [...changed];
}

/** A blank product to apply a create input to. */
export function blankProduct(id: string, nowIso: string, numericId: string): ProductRecord {
  return {
    id,
    numericId,
    name: '',
    slug: '',
    description: '',
    productType: 'physical',
    visible: true,
    sku: '',
    weight: 0,
    brand: '',
    ribbon: '',
    price: 0,
    cost: 0,
    discount: { type: 'NONE', value: 0 },
    productOptions: [],
    manageVariants: false,
    variants: [
      {
        id: randomId(),
        choices: {},
        sku: '',
        visible: true,
        trackQuantity: false,
        quantity: 0,
        inStock: true,
      },
    ],
    media: [],
    collectionIds: [],
    additionalInfoSections: [],
    customTextFields: [],
    createdDate: nowIso,
    lastUpdated: nowIso,
  };
}

/** A slug free among `taken`, from a name. */
export function uniqueSlug(name: string, taken: (slug: string) => boolean): string {
  const base = slugify(name) || 'product';
  if (!taken(base)) return base;
  for (let i = 2; ; i += 1) {
    const candidate = `${base}-${i}`;
    if (!taken(candidate)) return candidate;
  }
}
