/**
 * Cart V2's items in the V1 cart's terms, so both go through the same add (cart/prepare-add.ts):
 * catalog items are V1 line items, custom items V1 custom lines. An item the catalog does not
 * have is refused with the typings' `ITEM_NOT_FOUND_IN_CATALOG`.
 */
import type { EmulatorContext } from '../context.js';
import { getProduct } from '../catalog/records.js';
import type { customLineItemInput, lineItemInput } from '../cart/inputs.js';
import { prepareAdd } from '../cart/prepare-add.js';
import { applicationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { isStoresCatalog } from '../models/catalog.js';
import type { CartRecord } from '../models/cart.js';
import type { catalogItemInput, customItemInput } from './inputs.js';

type CatalogItem = Infer<typeof catalogItemInput>;
type CustomItem = Infer<typeof customItemInput>;
type CustomLine = Infer<typeof customLineItemInput>;

const PRESETS = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const;

function customLine(item: CustomItem): CustomLine {
  const attributes = item.attributes;
  const preset = PRESETS.find((p) => p === attributes.itemType.preset) ?? 'PHYSICAL';
  const weight = attributes.physicalProperties?.weight;
  return {
    quantity: item.quantityInfo.requestedQuantity,
    price: item.pricing.price.amount,
    productName: { original: item.name.original },
    itemType: { preset },
    descriptionLines: (attributes.descriptionLines ?? [])
      .filter((d) => d.name.original !== '')
      .map((d) => {
        const value = d.plainText?.original ?? d.colorInfo?.original ?? '';
        return {
          name: { original: d.name.original },
          ...(value !== '' ? { plainText: { original: value } } : {}),
        };
      }),
    ...(attributes.image !== undefined ? { media: attributes.image } : {}),
    ...(weight !== undefined ? { physicalProperties: { weight } } : {}),
  };
}

/**
 * Checks catalog and custom items and returns the change that adds them to a cart.
 * @throws {ApiError} 400 `NO_LINE_ITEMS_TO_ADD`, `ITEM_NOT_FOUND_IN_CATALOG`, or naming each bad field.
 */
export function prepareItems(
  ctx: EmulatorContext,
  catalogItems: readonly CatalogItem[],
  customItems: readonly CustomItem[],
): (cart: CartRecord) => void {
  if (catalogItems.length + customItems.length === 0)
    throw applicationError(400, 'NO_LINE_ITEMS_TO_ADD', 'Give at least one catalog or custom item');
  catalogItems.forEach((item, i) => {
    const ref = item.catalogReference;
    if (isStoresCatalog(ref.appId) && !getProduct(ctx, ref.catalogItemId))
      throw applicationError(400, 'ITEM_NOT_FOUND_IN_CATALOG', 'The catalog has no such item', {
        field: `catalogItems[${i}].catalogReference.catalogItemId`,
        catalogItemId: ref.catalogItemId,
      });
  });
  const lines: Infer<typeof lineItemInput>[] = catalogItems.map((item) => ({
    catalogReference: item.catalogReference,
    quantity: item.quantity,
  }));
  return prepareAdd(ctx, lines, customItems.map(customLine), 'catalogItems');
}
