/**
 * Totals: shipping options, tax and the price summary of `estimate-totals`, also used by the
 * hosted checkout page. Simple, fixed rules so tests can assert exact figures (README lists them).
 */
import type { EmulatorContext } from '../context.js';
import { money } from '../catalog/money.js';
import { fieldError } from '../http/errors.js';
import type { Address, CartRecord, WirePriceSummary } from '../models/cart.js';
import type { LineView } from './view.js';
import { discountsOf, renderLine } from './view.js';
import type { ShippingRule } from './estimate-response.js';
import { estimateResponse } from './estimate-response.js';

/** Standard delivery is free from this subtotal (after discounts), in cents. */
export const FREE_SHIPPING_FROM_CENTS = 10_000;
/** The delivery options the store offers, at their list price. */
export const SHIPPING: readonly ShippingRule[] = [
  { code: 'standard', title: 'Standard delivery', cents: 599, days: [3, 5] },
  { code: 'express', title: 'Express delivery', cents: 1499, days: [1, 2] },
  { code: 'pickup', title: 'Store pickup', cents: 0, days: [0, 1], pickup: true },
];

/** Tax rates by country; other countries, and carts with no address, pay none. */
export const TAX_RATES: Readonly<Record<string, number>> = {
  US: 0.08,
  CA: 0.05,
  GB: 0.2,
  DE: 0.19,
  FR: 0.2,
};

/** What totals are computed from. */
export interface TotalsInput {
  selectedShippingOption?: { code: string; carrierId?: string };
  shippingAddress?: Address;
  billingAddress?: Address;
  calculateTax?: boolean;
  calculateShipping?: boolean;
  selectedMemberships?: { memberships: { id: string; appId: string; lineItemIds?: string[] }[] };
}

/** A delivery option as offered for a cart. */
export interface OfferedShipping {
  code: string;
  title: string;
  cents: number;
}

/** The outcome of a totals computation. */
export interface Totals {
  lines: LineView[];
  priceSummary: WirePriceSummary;
  totalCents: number;
  selectedCode: string | undefined;
  /** Whether anything is shipped (else no delivery is chosen or charged). */
  shippable: boolean;
  /** The delivery options offered, with their cost for this cart. */
  offered: OfferedShipping[];
  /** The delivery option charged, when something is shipped. */
  selected: OfferedShipping | undefined;
  /** The country tax was computed for, when one was given. */
  taxCountry: string | undefined;
  taxRate: number;
  /** What a free-shipping coupon takes off the delivery (counted in `priceSummary.discount`). */
  shippingDiscountCents: number;
  response: Record<string, unknown>;
}

/**
 * Computes totals for a cart.
 * @throws {ApiError} 400 when the selected shipping option is not one of the offered codes.
 */
export function computeTotals(ctx: EmulatorContext, cart: CartRecord, input: TotalsInput): Totals {
  const lines = cart.lineItems.map((l) => renderLine(ctx, l));
  const discounts = discountsOf(cart, lines);
  const afterDiscount = discounts.subtotalCents - discounts.couponCents - discounts.merchantCents;
  const shippable =
    lines.some((l) => l.shippable && l.countable > 0) && input.calculateShipping !== false;
  const options = SHIPPING.map((rule) => ({
    ...rule,
    cents: rule.code === 'standard' && afterDiscount >= FREE_SHIPPING_FROM_CENTS ? 0 : rule.cents,
  }));
  const wanted = input.selectedShippingOption ?? cart.selectedShippingOption;
  if (
    input.selectedShippingOption &&
    !options.some((o) => o.code === input.selectedShippingOption!.code)
  ) {
    throw fieldError(
      'selectedShippingOption.code',
      `must be one of ${options.map((o) => o.code).join(', ')}`,
      'VALIDATION',
    );
  }
  const selected = shippable
    ? (options.find((o) => o.code === wanted?.code) ?? options[0])
    : undefined;
  const shippingCents = selected?.cents ?? 0;
  const shippingDiscount = discounts.freeShipping ? shippingCents : 0;
  const country = input.shippingAddress?.country ?? input.billingAddress?.country;
  const rate =
    input.calculateTax === false || country === undefined ? 0 : (TAX_RATES[country] ?? 0);
  const taxable = afterDiscount + shippingCents - shippingDiscount;
  const taxCents = Math.round(taxable * rate);
  const discountCents = discounts.couponCents + discounts.merchantCents + shippingDiscount;
  const totalCents = discounts.subtotalCents - discountCents + shippingCents + taxCents;
  const priceSummary: WirePriceSummary = {
    subtotal: money(discounts.subtotalCents),
    shipping: money(shippingCents),
    tax: money(taxCents),
    discount: money(discountCents),
    total: money(totalCents),
    additionalFees: money(0),
  };
  const response = estimateResponse(ctx, cart, {
    lines,
    rate,
    priceSummary,
    taxable,
    taxCents,
    shippingCents,
    selected: shippable ? selected : undefined,
    options,
    applied: discounts.applied,
    selectedMemberships: input.selectedMemberships,
  });
  const offer = (o: ShippingRule): OfferedShipping => ({
    code: o.code,
    title: o.title,
    cents: o.cents,
  });
  return {
    lines,
    priceSummary,
    totalCents,
    selectedCode: selected?.code,
    shippable,
    offered: options.map(offer),
    selected: selected ? offer(selected) : undefined,
    taxCountry: country,
    taxRate: rate,
    shippingDiscountCents: shippingDiscount,
    response,
  };
}
