/**
 * Turning catalog and cart data into what a shopper reads: prices, availability, option
 * summaries, a description's text. Pure functions (they run on a server too), unit-tested in
 * `src/__tests__/format.test.ts`.
 */
import { lineItemOptions } from '@vitrine/sdk/lite';
import type {
  Cart,
  EstimateTotalsResponse,
  LineItem,
  MultiCurrencyPrice,
  ShippingOption,
  StorefrontImage,
  StorefrontPrice,
  StorefrontProduct,
} from '@vitrine/sdk';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a currency, the way an English-speaking shopper reads it.
 * @example formatMoney(24, 'USD') // '$24.00'
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/**
 * A cart amount: the platform's own formatting when it sent one, else the decimal string
 * formatted here, else an empty string.
 */
export function formatCartMoney(price: MultiCurrencyPrice | undefined, currency = 'USD'): string {
  if (!price) return '';
  if (price.formattedAmount) return price.formattedAmount;
  const amount = Number(price.amount);
  return price.amount !== undefined && Number.isFinite(amount) ? formatMoney(amount, currency) : '';
}

/** A shipping option's cost: 'Free' when it costs nothing. */
export function shippingCostText(price: MultiCurrencyPrice | undefined, currency = 'USD'): string {
  return Number(price?.amount) > 0 ? formatCartMoney(price, currency) : 'Free';
}

/** An estimate's shipping options, every carrier's, each with its carrier's id. */
export function shippingOptionsOf(
  estimate: Pick<EstimateTotalsResponse, 'shippingInfo'> | undefined,
): { carrierId: string | undefined; option: ShippingOption }[] {
  return (estimate?.shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier) =>
    (carrier.shippingOptions ?? []).map((option) => ({ carrierId: carrier.carrierId, option })),
  );
}

/** What a price tag shows. */
export interface PriceLabel {
  /** The price to pay. */
  current: string;
  /** The price before a discount, when there is one (shown struck through). */
  was?: string;
  /** "From" prices: the variants do not all cost the same. */
  from: boolean;
}

/**
 * The price tag of one price of the storefront model (a variant's, or the cheapest a choice
 * allows), in `currency`. `range` makes it a "from" price when the variants it stands for cost
 * more than it.
 * @example priceLabel({ amount: 64, compareAt: 79 }, 'USD') // { current: '$64.00', was: '$79.00', from: false }
 */
export function priceLabel(
  price: StorefrontPrice | undefined,
  currency: string,
  range?: { min: number; max: number },
): PriceLabel | undefined {
  if (!price || !Number.isFinite(price.amount)) return undefined;
  const current = formatMoney(price.amount, currency);
  const from = range !== undefined && range.max > range.min;
  if (price.compareAt !== undefined && price.compareAt > price.amount) {
    return { current, was: formatMoney(price.compareAt, currency), from };
  }
  return { current, from };
}

/**
 * The price tag of a product in a grid: its lowest price (with the price before its discount
 * when on sale), "From" when its variants do not all cost the same.
 * @example productPriceLabel({ currency: 'USD', price: { min: 24, max: 28 } }) // { current: '$24.00', from: true }
 */
export function productPriceLabel(
  product: Pick<StorefrontProduct, 'price' | 'currency'>,
): PriceLabel | undefined {
  const { min, max, compareAtMin } = product.price;
  return priceLabel(
    { amount: min, ...(compareAtMin === undefined ? {} : { compareAt: compareAtMin }) },
    product.currency,
    { min, max },
  );
}

/** How available something is, in words, with a tone for its badge. */
export interface AvailabilityLabel {
  text: string;
  tone: 'ok' | 'low' | 'out';
}

/** Units at or under which "Only N left" is shown. */
export const LOW_STOCK = 5;

/** A product's availability as a shopper reads it on a card. */
export function productAvailability(product: Pick<StorefrontProduct, 'stock'>): AvailabilityLabel {
  const { status, quantity } = product.stock;
  if (status === 'OUT_OF_STOCK') return { text: 'Sold out', tone: 'out' };
  if (quantity !== undefined && quantity <= LOW_STOCK) {
    return { text: `Only ${quantity} left`, tone: 'low' };
  }
  if (status === 'PARTIALLY_OUT_OF_STOCK') {
    // Short enough for one line on a phone's product card.
    return { text: 'Some sold out', tone: 'low' };
  }
  return { text: 'In stock', tone: 'ok' };
}

/**
 * A variant's availability, from the options-availability answer (and the variant's tracked
 * quantity when the product lists it).
 */
export function variantAvailability(
  inStock: boolean | undefined,
  quantity: number | undefined,
): AvailabilityLabel {
  if (inStock === false) return { text: 'Sold out', tone: 'out' };
  if (quantity !== undefined && quantity <= LOW_STOCK) {
    return { text: `Only ${quantity} left`, tone: 'low' };
  }
  return { text: 'In stock', tone: 'ok' };
}

/** A cart line's availability, when it is worth telling the shopper about. */
export function lineAvailability(
  line: Pick<LineItem, 'availability' | 'quantity'>,
): string | undefined {
  const availability = line.availability;
  switch (availability?.status) {
    case 'NOT_AVAILABLE':
      return 'Sold out: this item will not be in your order.';
    case 'NOT_FOUND':
      return 'This item is no longer sold.';
    case 'PARTIALLY_AVAILABLE':
      return availability.quantityAvailable !== undefined
        ? `Only ${availability.quantityAvailable} available: the rest will not be in your order.`
        : 'Not all of these are available.';
    case 'AVAILABLE':
    case undefined:
      return undefined;
  }
}

/** "Size: M · Color: Black" from a cart line's description lines. */
export function lineOptions(line: Pick<LineItem, 'descriptionLines'>): string {
  return lineItemOptions(line)
    .map(({ name, value }) => (name ? `${name}: ${value}` : value))
    .join(' · ');
}

/** A line's product name. */
export function lineName(line: Pick<LineItem, 'productName'>): string {
  return line.productName?.translated ?? line.productName?.original ?? 'Item';
}

/** What a cart's coupon takes off, as the cart page shows it (see {@link couponSummary}). */
export interface CouponSummary {
  /** The coupon's code ("WELCOME10"). */
  code: string;
  /** What it takes off, as shown: "−$7.20". */
  discount: string;
  /** The subtotal less the discount, before shipping and tax: "$64.80". */
  beforeShipping: string;
}

/**
 * What the cart's coupon takes off its subtotal, from the cart the store priced (its
 * `appliedDiscounts`: no extra call), or `undefined` while no coupon with an amount is applied.
 * @example couponSummary(cart) // { code: 'WELCOME10', discount: '−$7.20', beforeShipping: '$64.80' }
 */
export function couponSummary(
  cart: Pick<Cart, 'appliedDiscounts' | 'subtotal' | 'currency'>,
): CouponSummary | undefined {
  const coupon = cart.appliedDiscounts?.find((applied) => applied.coupon?.amount)?.coupon;
  const off = Number(coupon?.amount?.amount);
  const subtotal = Number(cart.subtotal?.amount);
  if (!coupon?.code || !Number.isFinite(off) || off <= 0 || !Number.isFinite(subtotal)) {
    return undefined;
  }
  const currency = cart.currency ?? 'USD';
  const left = Math.max(0, Math.round((subtotal - off) * 100) / 100);
  return {
    code: coupon.code,
    discount: `−${formatCartMoney(coupon.amount, currency)}`,
    beforeShipping: formatMoney(left, currency),
  };
}

/**
 * A count and its noun.
 * @example pluralize(1, 'item') // '1 item'; pluralize(3, 'item') // '3 items'
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The main picture of a product, when it has one: its address and what it shows. */
export function productImage(
  product: Pick<StorefrontProduct, 'image'>,
): Pick<StorefrontImage, 'url' | 'alt'> | undefined {
  return product.image?.url ? { url: product.image.url, alt: product.image.alt } : undefined;
}

/**
 * A line's total as shown: its unit price times the quantity shown (which may be a change still
 * on its way), else the platform's line price.
 */
export function lineTotal(
  line: Pick<LineItem, 'price' | 'lineItemPrice' | 'quantity'>,
  currency = 'USD',
): string {
  const unit = Number(line.price?.amount);
  if (line.price?.amount !== undefined && Number.isFinite(unit)) {
    return formatMoney(Math.round(unit * 100 * line.quantity) / 100, currency);
  }
  return formatCartMoney(line.lineItemPrice, currency);
}

/** The slug of the product page a cart line links to (the last segment of its `url`). */
export function lineSlug(line: Pick<LineItem, 'url'>): string | undefined {
  const path = line.url?.relativePath;
  if (!path) return undefined;
  const slug = path.split('/').filter(Boolean).pop();
  return slug && slug !== 'product-page' ? slug : undefined;
}

/**
 * The text of a description the platform sends as HTML, without its markup. It runs on the
 * server too (no `DOMParser` there); React escapes what it renders, so this only has to read well.
 * @example plainText('<p>Soft &amp; warm</p>') // 'Soft & warm'
 */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const entities: Readonly<Record<string, string>> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    '#39': "'",
    nbsp: ' ',
  };
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
