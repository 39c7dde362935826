/**
 * Totals: shipping options, tax and the price summary of `estimate-totals`, also used by the
 * hosted checkout page. Simple, fixed rules so tests can assert exact figures (README lists them).
 */
import type { EmulatorContext } from '../context.js';
import { money } from '../catalog/money.js';
import { STORE_CURRENCY } from '../catalog/model.js';
import { fieldError } from '../http/errors.js';
import type { Address, CartRecord, WirePriceSummary } from './model.js';
import type { LineView } from './view.js';
import { discountsOf, renderCart, renderLine } from './view.js';

/** Standard delivery is free from this subtotal (after discounts), in cents. */
export const FREE_SHIPPING_FROM_CENTS = 10_000;
/** The emulated carrier. */
export const CARRIER_ID = 'vitrine-emulator-carrier';

interface ShippingRule {
  code: string;
  title: string;
  cents: number;
  days: [number, number];
  pickup?: boolean;
}

const SHIPPING: readonly ShippingRule[] = [
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

const STORE_ADDRESS: Address = {
  addressLine: '1 Market Street',
  city: 'San Francisco',
  subdivision: 'US-CA',
  country: 'US',
  postalCode: '94105',
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
  response: Record<string, unknown>;
}

function day(ctx: EmulatorContext, days: number): string {
  return new Date(ctx.now() + days * 86_400_000).toISOString();
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
  const toOption = (o: ShippingRule) => ({
    code: o.code,
    title: o.title,
    logistics: {
      deliveryTime: o.pickup ? 'Ready tomorrow' : `${o.days[0]}-${o.days[1]} business days`,
      deliveryTimeSlot: { from: day(ctx, o.days[0]), to: day(ctx, o.days[1]) },
      ...(o.pickup
        ? { pickupDetails: { address: STORE_ADDRESS, pickupMethod: 'STORE_PICKUP' } }
        : {}),
    },
    cost: { price: money(o.cents), otherCharges: [] },
  });
  const appliedDiscounts = [...discounts.applied];
  const selectedMemberships = input.selectedMemberships;
  const response: Record<string, unknown> = {
    cart: renderCart(ctx, cart),
    calculatedLineItems: lines
      .filter((l) => l.countable > 0)
      .map((l) => {
        const total = l.unitCents * l.countable;
        const tax = Math.round(total * rate);
        return {
          lineItemId: l.wire.id,
          pricesBreakdown: {
            totalPriceAfterTax: money(total + tax),
            totalPriceBeforeTax: money(total),
            taxDetails: {
              taxableAmount: money(total),
              taxRate: String(rate),
              totalTax: money(tax),
            },
            totalDiscount: money(0),
            price: l.wire.price,
            priceBeforeDiscounts: l.wire.priceBeforeDiscounts,
            lineItemPrice: money(total),
            fullPrice: l.wire.fullPrice,
          },
          paymentOption: 'FULL_PAYMENT_ONLINE',
        };
      }),
    priceSummary,
    taxSummary: {
      taxableAmount: money(taxable),
      totalTax: money(taxCents),
      calculationDetails: {
        rateType: rate > 0 ? 'MANUAL_RATE' : 'NO_TAX_COLLECTED',
        manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
      },
    },
    shippingInfo: shippable
      ? {
          region: { id: 'domestic', name: 'Domestic' },
          selectedCarrierServiceOption: {
            ...toOption(selected!),
            cost: {
              totalPriceAfterTax: money(shippingCents),
              totalPriceBeforeTax: money(shippingCents),
              price: money(shippingCents),
              otherCharges: [],
            },
            requestedShippingOption: true,
            carrierId: CARRIER_ID,
          },
          carrierServiceOptions: [
            { carrierId: CARRIER_ID, shippingOptions: options.map(toOption) },
          ],
        }
      : { carrierServiceOptions: [] },
    appliedDiscounts,
    calculationErrors: {},
    weightUnit: 'KG',
    currency: STORE_CURRENCY,
    payNow: priceSummary,
    payLater: {
      subtotal: money(0),
      shipping: money(0),
      tax: money(0),
      discount: money(0),
      total: money(0),
      additionalFees: money(0),
    },
    membershipOptions: {
      eligibleMemberships: [],
      invalidMemberships: (selectedMemberships?.memberships ?? []).map((m) => ({
        membership: {
          id: m.id,
          appId: m.appId,
          name: { original: 'Unknown membership' },
          lineItemIds: m.lineItemIds ?? [],
          expirationDate: null,
        },
        reason: 'The emulator has no memberships',
      })),
      selectedMemberships: { memberships: [] },
    },
    additionalFees: [],
    violations: [],
  };
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
    response,
  };
}
