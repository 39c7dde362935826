/**
 * The answer of `estimate-totals` in the platform's shape: the cart, each line's price breakdown,
 * the price and tax summaries, and the delivery options, built from the figures totals.ts
 * computed.
 */
import type { EmulatorContext } from '../context.js';
import { money } from '../catalog/money.js';
import { STORE_CURRENCY } from '../models/catalog.js';
import type { Address, CartRecord, WireAppliedDiscount, WirePriceSummary } from '../models/cart.js';
import type { LineView } from './view.js';
import { renderCart } from './view.js';

/** The emulated carrier. */
export const CARRIER_ID = 'vitrine-emulator-carrier';

/** A delivery option the emulator offers, at its price for the cart. */
export interface ShippingRule {
  code: string;
  title: string;
  cents: number;
  days: [number, number];
  pickup?: boolean;
}

const STORE_ADDRESS: Address = {
  addressLine: '1 Market Street',
  city: 'San Francisco',
  subdivision: 'US-CA',
  country: 'US',
  postalCode: '94105',
};

/** The figures an answer is built from. */
export interface EstimateFigures {
  lines: LineView[];
  rate: number;
  priceSummary: WirePriceSummary;
  taxable: number;
  taxCents: number;
  shippingCents: number;
  /** The delivery option charged, when something is shipped. */
  selected: ShippingRule | undefined;
  options: ShippingRule[];
  applied: readonly WireAppliedDiscount[];
  selectedMemberships:
    { memberships: { id: string; appId: string; lineItemIds?: string[] }[] } | undefined;
}

function day(ctx: EmulatorContext, days: number): string {
  return new Date(ctx.now() + days * 86_400_000).toISOString();
}

function shippingOption(ctx: EmulatorContext, o: ShippingRule) {
  return {
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
  };
}

function calculatedLineItems(lines: LineView[], rate: number) {
  return lines
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
    });
}

function shippingInfo(ctx: EmulatorContext, f: EstimateFigures) {
  if (!f.selected) return { carrierServiceOptions: [] };
  return {
    region: { id: 'domestic', name: 'Domestic' },
    selectedCarrierServiceOption: {
      ...shippingOption(ctx, f.selected),
      cost: {
        totalPriceAfterTax: money(f.shippingCents),
        totalPriceBeforeTax: money(f.shippingCents),
        price: money(f.shippingCents),
        otherCharges: [],
      },
      requestedShippingOption: true,
      carrierId: CARRIER_ID,
    },
    carrierServiceOptions: [
      { carrierId: CARRIER_ID, shippingOptions: f.options.map((o) => shippingOption(ctx, o)) },
    ],
  };
}

function membershipOptions(selected: EstimateFigures['selectedMemberships']) {
  return {
    eligibleMemberships: [],
    invalidMemberships: (selected?.memberships ?? []).map((m) => ({
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
  };
}

/** The `estimate-totals` answer for a cart. */
export function estimateResponse(
  ctx: EmulatorContext,
  cart: CartRecord,
  f: EstimateFigures,
): Record<string, unknown> {
  return {
    cart: renderCart(ctx, cart),
    calculatedLineItems: calculatedLineItems(f.lines, f.rate),
    priceSummary: f.priceSummary,
    taxSummary: {
      taxableAmount: money(f.taxable),
      totalTax: money(f.taxCents),
      calculationDetails: {
        rateType: f.rate > 0 ? 'MANUAL_RATE' : 'NO_TAX_COLLECTED',
        manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
      },
    },
    shippingInfo: shippingInfo(ctx, f),
    appliedDiscounts: [...f.applied],
    calculationErrors: {},
    weightUnit: 'KG',
    currency: STORE_CURRENCY,
    payNow: f.priceSummary,
    payLater: {
      subtotal: money(0),
      shipping: money(0),
      tax: money(0),
      discount: money(0),
      total: money(0),
      additionalFees: money(0),
    },
    membershipOptions: membershipOptions(f.selectedMemberships),
    additionalFees: [],
    violations: [],
  };
}
