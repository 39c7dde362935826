/**
 * The cart store's first input shapes and method names, still accepted, in one place: each is
 * turned into today's here, and nothing else knows them. The first shapes are a list of lines
 * or one line for `addItems`, `{ lineItemId, quantity }` for `updateQuantities`, one id for
 * `removeItems`; the first names are `updateQuantity`, `checkout` and `clear`.
 */
import { checkId, checkQuantity, checked, isList, type Checked } from '../internal/checks.js';
import type {
  Cart,
  CreateCheckoutInput,
  CreateCheckoutResult,
  LineItemQuantityUpdate,
} from '../models/cart.js';
import type { CartAddItemsInput, CartLineInput } from './types.js';

/** The first shapes of an add: a list of lines, or one line (pass `{ lineItems }`). */
export type LegacyAddItems = readonly CartLineInput[] | CartLineInput;

/** The first shape of a quantity change, one line's (pass `[{ id, quantity }]`). */
export interface LegacyQuantityUpdate {
  lineItemId: string;
  quantity: number;
}

/** An add in today's shape, `{ lineItems }`, from a first one: a list of lines, or one line. */
export function todaysAddItems(input: LegacyAddItems): CartAddItemsInput {
  return { lineItems: isList(input) ? input : [input] };
}

/** `true` for the first shape of a quantity change, one line's `{ lineItemId, quantity }`. */
export function isLegacyQuantityUpdate(input: unknown): input is LegacyQuantityUpdate {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/**
 * The quantities of `{ lineItemId, quantity }`, checked under those names (`lineItemId`, a
 * whole `quantity` of 0 or more).
 */
export function checkLegacyQuantityUpdate({
  lineItemId,
  quantity,
}: LegacyQuantityUpdate): Checked<readonly LineItemQuantityUpdate[]> {
  checkId('lineItemId', lineItemId);
  checkQuantity('quantity', quantity, 0);
  return checked([{ id: lineItemId, quantity }]);
}

/** The ids of a removal in today's shape, a list, from the first one (one id). */
export function todaysLineItemIds(ids: readonly string[] | string): readonly string[] {
  return typeof ids === 'string' ? [ids] : ids;
}

/** The cart store's first method names, kept working. */
export interface LegacyCartActions {
  /** @deprecated Use `updateQuantities([{ id: lineItemId, quantity }])`. */
  updateQuantity(lineItemId: string, quantity: number): Promise<Cart | null>;
  /** @deprecated Use `createCheckout(input)`. */
  checkout(input?: CreateCheckoutInput): Promise<CreateCheckoutResult>;
  /** @deprecated Use `delete()`. */
  clear(): Promise<void>;
}

/** Today's methods the first names are. */
interface TodaysMethods {
  updateQuantities: (update: LegacyQuantityUpdate) => Promise<Cart | null>;
  createCheckout: (input?: CreateCheckoutInput) => Promise<CreateCheckoutResult>;
  delete: () => Promise<void>;
}

/** The first method names: today's methods under their first names. */
export function legacyCartActions(today: TodaysMethods): LegacyCartActions {
  return {
    updateQuantity: (lineItemId, quantity) => today.updateQuantities({ lineItemId, quantity }),
    checkout: today.createCheckout,
    clear: today.delete,
  };
}
