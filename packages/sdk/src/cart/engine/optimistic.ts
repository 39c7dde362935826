/**
 * Pure optimistic changes to a cart: what the shopper should see while the platform has not yet
 * answered. Each returns a new cart and never changes its input, so snapshots stay immutable.
 * The platform's answer always replaces their result (prices, totals and availability are the
 * platform's to compute); they only move lines and quantities.
 */
import type { AppliedDiscount, Cart, CatalogReference, LineItem } from '../../models/cart.js';

/** An empty cart, for optimistic adds before the platform created one. */
export function emptyCart(): Cart {
  return { lineItems: [] };
}

/** `true` when two references point at the same catalog item with the same options. */
export function sameReference(a: CatalogReference | undefined, b: CatalogReference): boolean {
  return (
    a !== undefined &&
    a.catalogItemId === b.catalogItemId &&
    a.appId === b.appId &&
    stableJson(a.options ?? {}) === stableJson(b.options ?? {})
  );
}

/** One line to add: where it goes, how many, and what to show meanwhile. */
export interface OptimisticAdd {
  /** The id the new line shows under until the platform answers. */
  tempId: string;
  catalogReference: CatalogReference;
  quantity: number;
  preview?: Partial<LineItem> | undefined;
}

/**
 * Adds lines: to the quantity of a line with the same item and options (as the platform does),
 * or as a new line under its temporary id.
 */
export function addLines(cart: Cart | null, adds: readonly OptimisticAdd[]): Cart {
  const base = cart ?? emptyCart();
  const lineItems = [...base.lineItems];
  for (const add of adds) {
    const index = lineItems.findIndex((line) =>
      sameReference(line.catalogReference, add.catalogReference),
    );
    const existing = index === -1 ? undefined : lineItems[index];
    if (existing) {
      lineItems[index] = { ...existing, quantity: existing.quantity + add.quantity };
    } else {
      lineItems.push({
        ...add.preview,
        id: add.tempId,
        quantity: add.quantity,
        catalogReference: add.catalogReference,
      });
    }
  }
  return { ...base, lineItems };
}

/** The id of the line an add goes to: an existing line with the same item, or its temporary id. */
export function lineIdForAdd(cart: Cart | null, add: OptimisticAdd): string {
  const existing = cart?.lineItems.find((line) =>
    sameReference(line.catalogReference, add.catalogReference),
  );
  return existing?.id ?? add.tempId;
}

/** Sets a line's quantity. */
export function setQuantity(cart: Cart | null, lineItemId: string, quantity: number): Cart | null {
  if (!cart) return cart;
  return {
    ...cart,
    lineItems: cart.lineItems.map((line) =>
      line.id === lineItemId ? { ...line, quantity } : line,
    ),
  };
}

/** Removes lines. */
export function removeLines(cart: Cart | null, lineItemIds: readonly string[]): Cart | null {
  if (!cart) return cart;
  const removed = new Set(lineItemIds);
  return { ...cart, lineItems: cart.lineItems.filter((line) => !removed.has(line.id)) };
}

/** Shows `code` as the cart's coupon (its amount comes with the platform's answer). */
export function applyCouponCode(cart: Cart | null, code: string): Cart {
  const base = cart ?? emptyCart();
  const discounts: AppliedDiscount[] = withoutCoupons(base.appliedDiscounts);
  discounts.push({ discountType: 'GLOBAL', coupon: { code } });
  return { ...base, appliedDiscounts: discounts };
}

/** Hides the cart's coupon. */
export function removeCouponCode(cart: Cart | null): Cart | null {
  if (!cart) return cart;
  return { ...cart, appliedDiscounts: withoutCoupons(cart.appliedDiscounts) };
}

function withoutCoupons(discounts: readonly AppliedDiscount[] | undefined): AppliedDiscount[] {
  return (discounts ?? []).filter((discount) => discount.coupon === undefined);
}

// Key order must not matter when comparing options (`{a, b}` and `{b, a}` are the same choice).
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
