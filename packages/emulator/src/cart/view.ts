/**
 * Renders a cart record into the wire cart: each line's price, name, image and availability
 * come from the live catalog, so a price change or a sold-out variant shows on the next read.
 */
import type { EmulatorContext } from '../context.js';
import { discountedCents, variantFullCents, variantImage, wireImage } from '../catalog/render.js';
import { money } from '../catalog/money.js';
import { STORE_CURRENCY, STORES_APP_ID } from '../models/catalog.js';
import type { ProductRecord, VariantRecord } from '../models/catalog.js';
import { SEEDED_COUPONS } from '../catalog/seed.js';
import { catalogVersion, getProduct } from '../catalog/records.js';
import type {
  CartRecord,
  ItemAvailability,
  LineRecord,
  WireAppliedDiscount,
  WireCart,
  WireDescriptionLine,
  WireLineItem,
} from '../models/cart.js';

/** A rendered line with the numbers totals need. */
export interface LineView {
  wire: WireLineItem;
  unitCents: number;
  /** Units that count towards totals (0 for unavailable lines). */
  countable: number;
  shippable: boolean;
  weight: number;
}

/** Cart-level discount amounts, in cents. */
export interface DiscountView {
  subtotalCents: number;
  couponCents: number;
  merchantCents: number;
  applied: WireAppliedDiscount[];
  freeShipping: boolean;
}

function text(original: string) {
  return { original, translated: original };
}

function unavailableLine(
  ctx: EmulatorContext,
  line: LineRecord & { kind: 'catalog' },
  status: ItemAvailability,
): LineView {
  const zero = money(0);
  return {
    wire: {
      id: line.id,
      quantity: line.quantity,
      catalogReference: {
        catalogItemId: line.catalogItemId,
        appId: line.appId,
        ...(line.variantId ? { options: { variantId: line.variantId } } : {}),
      },
      productName: text('Unavailable item'),
      url: { relativePath: '/', url: `${ctx.baseUrl}/` },
      price: zero,
      fullPrice: zero,
      priceBeforeDiscounts: zero,
      lineItemPrice: zero,
      descriptionLines: [],
      availability: { status, quantityAvailable: 0 },
      physicalProperties: { shippable: false },
      itemType: { preset: 'PHYSICAL' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      couponScopes: [],
    },
    unitCents: 0,
    countable: 0,
    shippable: false,
    weight: 0,
  };
}

/** A custom line: priced, named and pictured by the line itself. */
function customLine(ctx: EmulatorContext, line: LineRecord & { kind: 'custom' }): LineView {
  const price = money(line.priceCents);
  const shippable = line.itemType === 'PHYSICAL';
  const image = line.imageUrl
    ? {
        id: line.id,
        url: line.imageUrl,
        width: 800,
        height: 800,
        title: line.productName,
      }
    : undefined;
  return {
    wire: {
      id: line.id,
      quantity: line.quantity,
      catalogReference: { catalogItemId: line.id, appId: 'custom' },
      productName: text(line.productName),
      url: { relativePath: '/', url: `${ctx.baseUrl}/` },
      price,
      fullPrice: price,
      priceBeforeDiscounts: price,
      lineItemPrice: money(line.priceCents * line.quantity),
      descriptionLines: line.descriptionLines.map((d) => ({
        name: text(d),
        plainText: text(d),
        lineType: 'PLAIN_TEXT',
      })),
      ...(image ? { image: wireImage(ctx.baseUrl, image) } : {}),
      availability: { status: 'AVAILABLE' },
      physicalProperties: {
        ...(line.weight !== undefined ? { weight: line.weight } : {}),
        shippable,
      },
      itemType: { preset: line.itemType },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      couponScopes: [],
    },
    unitCents: line.priceCents,
    countable: line.quantity,
    shippable,
    weight: line.weight ?? 0,
  };
}

/** Whether a variant can be bought, how many units are left, and how many of the line count. */
function availabilityOf(product: Readonly<ProductRecord>, variant: VariantRecord, wanted: number) {
  let status: ItemAvailability = 'AVAILABLE';
  let quantityAvailable: number | undefined;
  const inStock = variant.trackQuantity ? variant.quantity > 0 : variant.inStock;
  if (!product.visible || !variant.visible || !inStock) {
    status = 'NOT_AVAILABLE';
    quantityAvailable = 0;
  } else if (variant.trackQuantity) {
    quantityAvailable = variant.quantity;
    if (variant.quantity < wanted) status = 'PARTIALLY_AVAILABLE';
  }
  const countable =
    status === 'AVAILABLE'
      ? wanted
      : status === 'PARTIALLY_AVAILABLE'
        ? (quantityAvailable ?? 0)
        : 0;
  return {
    availability: { status, ...(quantityAvailable !== undefined ? { quantityAvailable } : {}) },
    countable,
  };
}

/** The line's options as the cart shows them (colour or text), then its custom text fields. */
function descriptionLinesOf(
  product: Readonly<ProductRecord>,
  variant: VariantRecord,
  customTextFields: Readonly<Record<string, string>> | undefined,
): WireDescriptionLine[] {
  const lines: WireDescriptionLine[] = product.productOptions.map((option) => {
    const chosen = variant.choices[option.name] ?? '';
    const choice = option.choices.find((c) => c.description === chosen);
    return option.optionType === 'color'
      ? {
          name: text(option.name),
          colorInfo: { ...text(chosen), code: choice?.value ?? '' },
          lineType: 'COLOR',
        }
      : { name: text(option.name), plainText: text(chosen), lineType: 'PLAIN_TEXT' };
  });
  for (const [title, value] of Object.entries(customTextFields ?? {}))
    lines.push({ name: text(title), plainText: text(value), lineType: 'PLAIN_TEXT' });
  return lines;
}

/** What a catalog line refers to: the product, and the variant or text fields it names. */
function catalogReferenceOf(line: LineRecord & { kind: 'catalog' }, productId: string) {
  const named = line.variantId !== undefined || line.customTextFields;
  return {
    catalogItemId: productId,
    appId: STORES_APP_ID,
    ...(named
      ? {
          options: {
            ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
            ...(line.customTextFields ? { customTextFields: { ...line.customTextFields } } : {}),
          },
        }
      : {}),
  };
}

/** The variant a catalog line names: its own, or the only one of a product without options. */
function variantOf(product: Readonly<ProductRecord>, line: LineRecord & { kind: 'catalog' }) {
  if (line.variantId !== undefined) return product.variants.find((v) => v.id === line.variantId);
  return product.productOptions.length === 0 ? product.variants[0] : undefined;
}

/** A catalog line, priced, named and pictured by the live catalog. */
function catalogLine(ctx: EmulatorContext, line: LineRecord & { kind: 'catalog' }): LineView {
  const product = line.appId === STORES_APP_ID ? getProduct(ctx, line.catalogItemId) : undefined;
  const variant = product && variantOf(product, line);
  if (!product || !variant) return unavailableLine(ctx, line, 'NOT_FOUND');
  const fullCents = variantFullCents(product, variant);
  const unitCents = discountedCents(product, fullCents);
  const { availability, countable } = availabilityOf(product, variant, line.quantity);
  const image = variantImage(product, variant) ?? product.media[0];
  const weight = variant.weight ?? product.weight;
  const shippable = product.productType === 'physical';
  const path = `/product-page/${product.slug}`;
  const price = money(unitCents);
  return {
    wire: {
      id: line.id,
      quantity: line.quantity,
      catalogReference: catalogReferenceOf(line, product.id),
      productName: text(product.name),
      url: { relativePath: path, url: `${ctx.baseUrl}${path}` },
      price,
      fullPrice: money(fullCents),
      priceBeforeDiscounts: price,
      lineItemPrice: money(unitCents * line.quantity),
      descriptionLines: descriptionLinesOf(product, variant, line.customTextFields),
      ...(image ? { image: wireImage(ctx.baseUrl, image) } : {}),
      availability,
      physicalProperties: { weight, sku: variant.sku, shippable },
      itemType: { preset: shippable ? 'PHYSICAL' : 'DIGITAL' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      couponScopes: [
        { namespace: 'stores', group: { name: 'product', entityId: product.id } },
        ...product.collectionIds.map((id) => ({
          namespace: 'stores',
          group: { name: 'collection', entityId: id },
        })),
      ],
    },
    unitCents,
    countable,
    shippable,
    weight,
  };
}

/** Renders one line against the catalog. */
export function renderLine(ctx: EmulatorContext, line: LineRecord): LineView {
  return line.kind === 'custom' ? customLine(ctx, line) : catalogLine(ctx, line);
}

/** Cart-level discounts over rendered lines. */
export function discountsOf(cart: CartRecord, lines: LineView[]): DiscountView {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.countable, 0);
  const applied: WireAppliedDiscount[] = [];
  let couponCents = 0;
  let freeShipping = false;
  const coupon =
    cart.couponCode !== undefined && Object.hasOwn(SEEDED_COUPONS, cart.couponCode)
      ? SEEDED_COUPONS[cart.couponCode as keyof typeof SEEDED_COUPONS]
      : undefined;
  if (coupon && cart.couponCode !== undefined) {
    if (subtotalCents >= coupon.minimumCents) {
      if (coupon.kind === 'PERCENT') couponCents = Math.round((subtotalCents * coupon.value) / 100);
      else if (coupon.kind === 'AMOUNT') couponCents = Math.min(subtotalCents, coupon.value * 100);
      else freeShipping = true;
    }
    applied.push({
      discountType: coupon.kind === 'FREE_SHIPPING' ? 'SHIPPING' : 'GLOBAL',
      coupon: {
        id: coupon.id,
        code: cart.couponCode,
        name: coupon.name,
        amount: money(couponCents),
      },
      lineItemIds: [],
    });
  }
  let merchantCents = 0;
  for (const discount of cart.merchantDiscounts) {
    const scoped = discount.lineItemIds.length > 0;
    const base = scoped
      ? lines
          .filter((l) => discount.lineItemIds.includes(l.wire.id))
          .reduce((sum, l) => sum + l.unitCents * l.countable, 0)
      : subtotalCents;
    const cents = Math.min(
      base,
      discount.amountCents ?? Math.round((base * (discount.percentage ?? 0)) / 100),
    );
    merchantCents += cents;
    applied.push({
      discountType: scoped ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      merchantDiscount: {
        amount: money(cents),
        ...(discount.percentage !== undefined ? { percentage: discount.percentage } : {}),
      },
      lineItemIds: [...discount.lineItemIds],
    });
  }
  // Discounts never take the subtotal below zero.
  merchantCents = Math.min(merchantCents, subtotalCents);
  couponCents = Math.min(couponCents, subtotalCents - merchantCents);
  return { subtotalCents, couponCents, merchantCents, applied, freeShipping };
}

/** The wire cart. */
export function renderCart(ctx: EmulatorContext, cart: CartRecord): WireCart {
  const lines = cart.lineItems.map((l) => renderLine(ctx, l));
  const discounts = discountsOf(cart, lines);
  return {
    id: cart.id,
    lineItems: lines.map((l) => l.wire),
    ...(cart.buyerNote !== undefined ? { buyerNote: cart.buyerNote } : {}),
    buyerInfo: { ...cart.buyerInfo },
    currency: STORE_CURRENCY,
    conversionCurrency: STORE_CURRENCY,
    buyerLanguage: cart.buyerLanguage ?? 'en',
    siteLanguage: 'en',
    taxIncludedInPrices: false,
    weightUnit: 'KG',
    subtotal: money(discounts.subtotalCents),
    appliedDiscounts: discounts.applied,
    ...(cart.contactInfo ? { contactInfo: structuredClone(cart.contactInfo) } : {}),
    ...(cart.selectedShippingOption
      ? { selectedShippingOption: { ...cart.selectedShippingOption } }
      : {}),
    ...(cart.checkoutId !== undefined ? { checkoutId: cart.checkoutId } : {}),
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
  };
}

const jsonCache = new WeakMap<CartRecord, { version: number; json: string }>();

/**
 * `{"cart": …}` as JSON, cached per cart record and catalog version: cart records are replaced on
 * every change, so an unchanged cart over an unchanged catalog is served without rendering.
 */
export function cartJson(ctx: EmulatorContext, cart: CartRecord): string {
  const version = catalogVersion(ctx);
  const cached = jsonCache.get(cart);
  if (cached?.version === version) return cached.json;
  const json = JSON.stringify({ cart: renderCart(ctx, cart) });
  jsonCache.set(cart, { version, json });
  return json;
}
