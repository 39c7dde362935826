/**
 * Catalog and cart data as a shopper reads it. Plain functions: they run on the server and in
 * the browser alike.
 */
import { lineItemOptions } from '@vitrine/sdk/lite';
import type { Cart, LineItem, MultiCurrencyPrice, Product } from '@vitrine/sdk';

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

/**
 * What the cart's lines come to after its coupon: the coupon's discount (once the store has priced
 * it) and the amount before shipping and tax, or `undefined` without a priced coupon.
 */
export function couponSummary(
  cart: Pick<Cart, 'appliedDiscounts' | 'subtotal' | 'currency'>,
): { code: string; discount: string; total: string } | undefined {
  const coupon = cart.appliedDiscounts?.find((discount) => discount.coupon?.amount)?.coupon;
  const discount = Number(coupon?.amount?.amount);
  const subtotal = Number(cart.subtotal?.amount);
  if (!coupon?.code || !Number.isFinite(discount) || !Number.isFinite(subtotal)) return undefined;
  return {
    code: coupon.code,
    discount: `−${cartMoney(coupon.amount, cart.currency)}`,
    total: formatMoney(Math.max(0, subtotal - discount), cart.currency),
  };
}

/** A product's price tag: what it costs now, and before a discount when there is one. */
export function productPrice(product: Product): { now: string; was?: string } | undefined {
  const data = product.priceData ?? product.price;
  if (data?.price === undefined) return undefined;
  const currency = data.currency ?? 'USD';
  const now = data.discountedPrice ?? data.price;
  const range = product.priceRange;
  const from =
    range?.minValue !== undefined &&
    range.maxValue !== undefined &&
    range.maxValue > range.minValue;
  const label = `${from ? 'From ' : ''}${formatMoney(now, currency)}`;
  return now < data.price ? { now: label, was: formatMoney(data.price, currency) } : { now: label };
}

/** A product's main picture and its text alternative. */
export function productImage(product: Product): { url: string; alt: string } | undefined {
  const main = product.media?.mainMedia ?? product.media?.items?.[0];
  const url = main?.image?.url ?? main?.thumbnail?.url;
  return url ? { url, alt: main?.image?.altText ?? product.name ?? '' } : undefined;
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
