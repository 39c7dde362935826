/**
 * Adding lines to a cart: each catalog line is resolved against the catalog (product, variant by
 * id or by options, custom text fields) and equal lines merge by adding quantities.
 */
import type { EmulatorContext } from '../context.js';
import { toCents } from '../catalog/money.js';
import { STORES_APP_ID, isStoresCatalog } from '../models/catalog.js';
import { getProduct } from '../catalog/records.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { randomId } from '../crypto/random.js';
import type { customLineItemInput, lineItemInput } from './inputs.js';
import { MAX_LINES, MAX_QUANTITY } from './inputs.js';
import type { CartRecord, LineRecord } from '../models/cart.js';

type LineInput = Infer<typeof lineItemInput>;
type CustomInput = Infer<typeof customLineItemInput>;

/** A catalog line resolved against the catalog, or a violation. */
function resolveLine(
  ctx: EmulatorContext,
  input: LineInput,
  field: string,
  v: FieldViolation[],
): Omit<LineRecord & { kind: 'catalog' }, 'id'> | undefined {
  const ref = input.catalogReference;
  if (!isStoresCatalog(ref.appId)) {
    v.push({
      field: `${field}.catalogReference.appId`,
      description: `must be the stores catalog (${STORES_APP_ID})`,
      violatedRule: 'VALIDATION',
    });
    return undefined;
  }
  const product = getProduct(ctx, ref.catalogItemId);
  if (!product) {
    v.push({
      field: `${field}.catalogReference.catalogItemId`,
      description: 'is not a product in the catalog',
      violatedRule: 'VALIDATION',
    });
    return undefined;
  }
  let variantId: string | undefined;
  const options = ref.options;
  if (options?.variantId !== undefined) {
    if (!product.variants.some((x) => x.id === options.variantId)) {
      v.push({
        field: `${field}.catalogReference.options.variantId`,
        description: 'is not a variant of this product',
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    variantId = options.variantId;
  } else if (options?.options !== undefined && Object.keys(options.options).length > 0) {
    const chosen = options.options;
    const match = product.variants.find((x) =>
      product.productOptions.every((o) => {
        const given = chosen[o.name];
        const choice = o.choices.find((ch) => ch.description === given || ch.value === given);
        return choice !== undefined && x.choices[o.name] === choice.description;
      }),
    );
    const unknown = Object.keys(chosen).find(
      (name) => !product.productOptions.some((o) => o.name === name),
    );
    if (!match || unknown !== undefined) {
      v.push({
        field: `${field}.catalogReference.options.options`,
        description: 'must choose one value of every option of this product',
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    variantId = match.id;
  } else if (product.productOptions.length > 0) {
    v.push({
      field: `${field}.catalogReference.options`,
      description: 'must choose a variant of this product (variantId or options)',
      violatedRule: 'REQUIRED_FIELD',
    });
    return undefined;
  }
  const texts = options?.customTextFields;
  if (texts) {
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
  return {
    kind: 'catalog',
    quantity: input.quantity,
    catalogItemId: product.id,
    appId: STORES_APP_ID,
    ...(variantId !== undefined ? { variantId } : {}),
    ...(texts && Object.keys(texts).length > 0 ? { customTextFields: { ...texts } } : {}),
  };
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
