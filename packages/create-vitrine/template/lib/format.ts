/**
 * Catalog and cart data as a shopper reads it. Plain functions: they run on the server and in
 * the browser alike.
 */
import { lineItemOptions } from '@vitrine/sdk/lite';
import type {
  Cart,
  EstimateTotalsResponse,
  LineItem,
  MultiCurrencyPrice,
  PriceSummary,
  StorefrontProduct,
} from '@vitrine/sdk';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a currency.
 * @example formatMoney(24, 'USD') // '$24.00'
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  let formatter = formatters.get(currency);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/** A cart amount: the store's own formatting when it sent one. */
export function cartMoney(price: MultiCurrencyPrice | undefined, currency = 'USD'): string {
  if (price === undefined) return '';
  if (price.formattedAmount) return price.formattedAmount;
  const amount = Number(price.amount);
  return Number.isFinite(amount) ? formatMoney(amount, currency) : '';
}

/** What the cart's coupon takes off its lines, and what they then come to. */
export interface CouponSummary {
  code: string;
  /** The discount, as a shopper reads it ("−$6.80"). */
  discount: string;
  /** The lines' subtotal less the discount: before shipping and tax. */
  total: string;
}

/**
 * What the cart's lines come to after its coupon, once the store has priced it, or `undefined`
 * without a priced coupon. Cart V1 carries the coupon's amount on the cart; Cart V2's cart does
 * not, and its estimate (`estimateTotals`) does: `priceSummary.subtotal − priceSummary.discount`.
 * Neither cart has a discounted subtotal of its own.
 */
export function couponSummary(
  cart: Pick<Cart, 'appliedDiscounts' | 'subtotal' | 'currency'>,
  estimate?: Pick<EstimateTotalsResponse, 'priceSummary'>,
): CouponSummary | undefined {
  const coupon = cart.appliedDiscounts?.find((discount) => discount.coupon?.code)?.coupon;
  if (!coupon?.code) return undefined;
  const priced = coupon.amount === undefined ? estimate?.priceSummary : undefined;
  const discount = Number((coupon.amount ?? priced?.discount)?.amount);
  const subtotal = Number((priced?.subtotal ?? cart.subtotal)?.amount);
  if (!(discount > 0) || !Number.isFinite(subtotal)) return undefined;
  return {
    code: coupon.code,
    discount: `−${formatMoney(discount, cart.currency)}`,
    total: formatMoney(Math.max(0, Math.round((subtotal - discount) * 100) / 100), cart.currency),
  };
}

/** An estimate's prices, and the cart they are of (its {@link cartKey}). */
export interface CartEstimate {
  cart: string;
  priceSummary: PriceSummary | undefined;
}

/** Whether the cart's coupon needs an estimate to be priced (Cart V2's cart has no amount). */
export function couponNeedsEstimate(cart: Pick<Cart, 'appliedDiscounts'>): boolean {
  return (
    cart.appliedDiscounts?.some((discount) => discount.coupon?.code && !discount.coupon.amount) ??
    false
  );
}

/**
 * What a cart is, for an estimate made of it: its coupon and its lines' quantities (an estimate
 * of another cart says nothing of this one).
 */
export function cartKey(cart: Pick<Cart, 'appliedDiscounts' | 'lineItems'>): string {
  const coupon = cart.appliedDiscounts?.find((discount) => discount.coupon?.code)?.coupon;
  return [coupon?.code ?? '', ...cart.lineItems.map((line) => `${line.id}×${line.quantity}`)].join(
    ' ',
  );
}

/** A product's price tag: what it costs now (its cheapest variant), and before a discount. */
export function productPrice(product: StorefrontProduct): { now: string; was?: string } {
  const { min, max, compareAtMin } = product.price;
  const now = `${max > min ? 'From ' : ''}${formatMoney(min, product.currency)}`;
  return compareAtMin !== undefined && compareAtMin > min
    ? { now, was: formatMoney(compareAtMin, product.currency) }
    : { now };
}

/** What the choices so far cost: one price, or the range they still allow. */
export function choicePrice(
  product: StorefrontProduct,
  prices: { min: number; max: number } | undefined,
): string {
  const { min, max } = prices ?? product.price;
  return min === max
    ? formatMoney(min, product.currency)
    : `${formatMoney(min, product.currency)} – ${formatMoney(max, product.currency)}`;
}

/** The text of a description the store sends as HTML (React escapes what it renders). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A cart line's product name. */
export function lineName(line: LineItem): string {
  return line.productName?.translated ?? line.productName?.original ?? 'Item';
}

/** "Size: M · Color: Black": what the shopper chose for a cart line. */
export function lineChoices(line: LineItem): string {
  return lineItemOptions(line)
    .map(({ name, value }) => (name ? `${name}: ${value}` : value))
    .join(' · ');
}

/**
 * A line's total: its unit price times the quantity shown (a change may still be on its way),
 * else the store's line price.
 */
export function lineTotal(line: LineItem, currency = 'USD'): string {
  const unit = Number(line.price?.amount);
  if (line.price?.amount !== undefined && Number.isFinite(unit)) {
    return formatMoney(Math.round(unit * 100 * line.quantity) / 100, currency);
  }
  return cartMoney(line.lineItemPrice, currency);
}

/** The product page of a cart line, when the store says which. */
export function linePath(line: LineItem): string | undefined {
  const slug = line.url?.relativePath?.split('/').filter(Boolean).pop();
  return slug && slug !== 'product-page' ? `/products/${encodeURIComponent(slug)}` : undefined;
}

/**
 * A path of this shop to go back to (`?returnTo=`); anything else is `fallback`, so a crafted
 * link cannot send the shopper to another site.
 */
export function returnPath(value: string | string[] | undefined, fallback = '/account'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  return value.startsWith('//') || value.startsWith('/\\') ? fallback : value;
}
