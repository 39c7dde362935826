/**
 * Adding lines to a cart: each catalog line is resolved against the catalog (product, variant by
 * id or by options, custom text fields) and equal lines merge by adding quantities.
 */
import type { EmulatorContext } from '../context.js';
import { toCents } from '../catalog/money.js';
import { STORES_APP_ID, isStoresCatalog } from '../models/catalog.js';
import type { ProductRecord } from '../models/catalog.js';
import { getProduct } from '../catalog/records.js';
import type { FieldViolation, ViolatedRule } from '../http/errors.js';
import { fieldError, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import type { customLineItemInput, lineItemInput } from './inputs.js';
import { MAX_LINES, MAX_QUANTITY } from './inputs.js';
import type { CartRecord, LineRecord } from '../models/cart.js';

type LineInput = Infer<typeof lineItemInput>;
type CustomInput = Infer<typeof customLineItemInput>;

type Reference = LineInput['catalogReference'];

/** The variant the options choose, by name or value of each option's choice. */
function variantByOptions(product: Readonly<ProductRecord>, chosen: Record<string, string>) {
  const match = product.variants.find((x) =>
    product.productOptions.every((o) => {
      const given = chosen[o.name];
      const choice = o.choices.find((ch) => ch.description === given || ch.value === given);
      return choice !== undefined && x.choices[o.name] === choice.description;
    }),
  );
  const unknown = Object.keys(chosen).some(
    (name) => !product.productOptions.some((o) => o.name === name),
  );
  return unknown ? undefined : match;
}

/**
 * The variant a line names (by id or by options; none for a product without options), or
 * `undefined` after pushing why it names none.
 */
function chosenVariant(
  product: Readonly<ProductRecord>,
  options: Reference['options'],
  field: string,
  v: FieldViolation[],
): { variantId?: string } | undefined {
  const refuse = (at: string, description: string, violatedRule: ViolatedRule = 'VALIDATION') => {
    v.push({ field: `${field}.catalogReference.${at}`, description, violatedRule });
    return undefined;
  };
  if (options?.variantId !== undefined) {
    if (!product.variants.some((x) => x.id === options.variantId))
      return refuse('options.variantId', 'is not a variant of this product');
    return { variantId: options.variantId };
  }
  if (options?.options !== undefined && Object.keys(options.options).length > 0) {
    const match = variantByOptions(product, options.options);
    if (!match)
      return refuse('options.options', 'must choose one value of every option of this product');
    return { variantId: match.id };
  }
  if (product.productOptions.length > 0)
    return refuse(
      'options',
      'must choose a variant of this product (variantId or options)',
      'REQUIRED_FIELD',
    );
  return {};
}

/** Pushes a violation for each custom text field the product does not have, or that is too long. */
function checkTextFields(
  product: Readonly<ProductRecord>,
  texts: Record<string, string>,
  field: string,
  v: FieldViolation[],
): void {
  for (const [title, value] of Object.entries(texts)) {
    const definition = product.customTextFields.find((f) => f.title === title);
    if (!definition)
      v.push({
        field: `${field}.catalogReference.options.customTextFields.${title}`,
        description: 'is not a text field of this product',
        violatedRule: 'VALIDATION',
      });
    else if (value.length > definition.maxLength)
      v.push({
        field: `${field}.catalogReference.options.customTextFields.${title}`,
        description: `must be at most ${definition.maxLength} characters`,
        violatedRule: 'MAX_LENGTH',
      });
  }
}

/** What a catalog reference names, once resolved: the product, its variant and text answers. */
export type ResolvedReference = Pick<
  LineRecord & { kind: 'catalog' },
  'catalogItemId' | 'appId' | 'variantId' | 'customTextFields'
>;

/**
 * Resolves a `catalogReference` against the catalog, for a line of a cart (or of a checkout, or
 * Cart V2's `catalogItems`): the stores catalog's product, the variant it names (by
 * `options.variantId`, or by `options.options` choice names that name exactly one variant; a
 * product without options needs neither) and its custom text answers, keyed by the product's
 * text field titles, which are also Catalog V3's free-text modifier keys. Catalog V1 and V3
 * references resolve alike: both stores keep the same records.
 * @param field where the reference sits in the request (`lineItems[0]`), for violations.
 * @returns the resolved reference, or the violations saying why it names nothing.
 */
export function resolveCatalogReference(
  ctx: EmulatorContext,
  ref: Reference,
  field: string,
): { ok: true; reference: ResolvedReference } | { ok: false; violations: FieldViolation[] } {
  const v: FieldViolation[] = [];
  const refused = () => ({ ok: false as const, violations: v });
  if (!isStoresCatalog(ref.appId)) {
    v.push({
      field: `${field}.catalogReference.appId`,
      description: `must be the stores catalog (${STORES_APP_ID})`,
      violatedRule: 'VALIDATION',
    });
    return refused();
  }
  const product = getProduct(ctx, ref.catalogItemId);
  if (!product) {
    v.push({
      field: `${field}.catalogReference.catalogItemId`,
      description: 'is not a product in the catalog',
      violatedRule: 'VALIDATION',
    });
    return refused();
  }
  const chosen = chosenVariant(product, ref.options, field, v);
  const texts = ref.options?.customTextFields;
  if (texts) checkTextFields(product, texts, field, v);
  if (!chosen || v.length > 0) return refused();
  return {
    ok: true,
    reference: {
      catalogItemId: product.id,
      appId: STORES_APP_ID,
      ...chosen,
      ...(texts && Object.keys(texts).length > 0 ? { customTextFields: { ...texts } } : {}),
    },
  };
}

/** A catalog line resolved against the catalog, or a violation. */
function resolveLine(
  ctx: EmulatorContext,
  input: LineInput,
  field: string,
  v: FieldViolation[],
): Omit<LineRecord & { kind: 'catalog' }, 'id'> | undefined {
  const resolved = resolveCatalogReference(ctx, input.catalogReference, field);
  if (!resolved.ok) {
    v.push(...resolved.violations);
    return undefined;
  }
  return { kind: 'catalog', quantity: input.quantity, ...resolved.reference };
}

function mergeKey(line: LineRecord): string {
  return line.kind === 'custom'
    ? `custom:${line.id}`
    : JSON.stringify([
        line.catalogItemId,
        line.appId,
        line.variantId ?? '',
        line.customTextFields ?? {},
      ]);
}

/**
 * Validates catalog and custom lines and returns a function that adds them to a cart, merging
 * equal catalog lines (same item, same options) by adding quantities.
 * @throws {ApiError} 400 naming every bad field, before anything changes.
 */
export function prepareAdd(
  ctx: EmulatorContext,
  lineItems: LineInput[],
  custom: CustomInput[],
  prefix: string,
): (cart: CartRecord) => void {
  const v: FieldViolation[] = [];
  const resolved = lineItems.map((item, i) => resolveLine(ctx, item, `${prefix}[${i}]`, v));
  if (v.length > 0) throw validationError(v);
  const customLines: LineRecord[] = custom.map((c) => ({
    kind: 'custom',
    id: randomId(),
    quantity: c.quantity,
    productName: c.productName.original,
    priceCents: toCents(c.price),
    itemType: c.itemType?.preset ?? 'PHYSICAL',
    descriptionLines: (c.descriptionLines ?? []).map(
      (d) => `${d.name.original}${d.plainText ? `: ${d.plainText.original}` : ''}`,
    ),
    ...(c.media !== undefined ? { imageUrl: c.media } : {}),
    ...(c.physicalProperties?.weight !== undefined ? { weight: c.physicalProperties.weight } : {}),
  }));
  return (cart) => {
    // Checked against the cart as it is when applied, which may have grown since validation.
    const lines = cart.lineItems.map((l) => ({ ...l }));
    resolved.forEach((line, i) => {
      if (!line) return;
      const key = mergeKey({ ...line, id: '' });
      const existing = lines.find((l) => l.kind === 'catalog' && mergeKey(l) === key);
      if (existing) {
        existing.quantity += line.quantity;
        if (existing.quantity > MAX_QUANTITY) {
          throw fieldError(
            `${prefix}[${i}].quantity`,
            `would make the line's quantity more than ${MAX_QUANTITY}`,
            'MAX',
          );
        }
      } else {
        lines.push({ ...line, id: randomId() });
      }
    });
    lines.push(...customLines);
    if (lines.length > MAX_LINES)
      throw fieldError(prefix, `would make the cart hold more than ${MAX_LINES} lines`, 'MAX_SIZE');
    cart.lineItems = lines;
  };
}
