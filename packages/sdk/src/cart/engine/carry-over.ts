/**
 * Carrying a visitor's cart into the member's at sign-in: the visitor's catalog lines are added
 * to the member's cart (the platform adds to the quantity of lines it already has), and the
 * outcome says what was kept, merged, or could not be carried.
 */
import { StoreApiError } from '../../http/errors/store-api-error.js';
import type { Cart, LineItem, LineItemInput } from '../../models/cart.js';
import type { CurrentCartApi } from '../current-cart-api.js';
import type { CartCarryOver, CarryOverFailure } from '../cart-state.js';
import { CartOperationCancelledError } from '../errors.js';

/** What a carry-over ends with: the member's cart, and the outcome. */
export interface CarryOverResult {
  cart: Cart | null;
  outcome: CartCarryOver;
}

/** Where the visitor's lines come from: known already, or read with the visitor's token. */
export type VisitorLines = readonly LineItem[] | (() => Promise<readonly LineItem[]>);

/**
 * Adds the visitor's lines to the member's cart. All lines go in one call; when the platform
 * refuses that call, each line is tried on its own so one unavailable item does not keep the
 * others out. It never throws: failures are in the outcome.
 */
export async function carryOverCart(
  api: CurrentCartApi,
  visitorLines: VisitorLines,
  readMemberCart: () => Promise<Cart | null>,
): Promise<CarryOverResult> {
  let lines: readonly LineItem[];
  try {
    lines = typeof visitorLines === 'function' ? await visitorLines() : visitorLines;
  } catch (error) {
    const cart = await readMemberCart();
    return { cart, outcome: { status: 'failed', carried: [], failed: [], error: asError(error) } };
  }

  const carryable = lines.filter(
    (line) => line.catalogReference !== undefined && line.quantity > 0,
  );
  const failed: CarryOverFailure[] = lines
    .filter((line) => line.catalogReference === undefined)
    .map((lineItem) => ({
      lineItem,
      error: new CartOperationCancelledError('a custom line cannot be carried into another cart'),
    }));
  const carried: LineItem[] = [];
  let cart: Cart | null | undefined;

  if (carryable.length > 0) {
    try {
      cart = await api.addItems({ lineItems: carryable.map(toInput) });
      carried.push(...carryable);
    } catch (error) {
      if (isRefusal(error)) {
        for (const line of carryable) {
          try {
            cart = await api.addItems({ lineItems: [toInput(line)] });
            carried.push(line);
          } catch (lineError) {
            failed.push({ lineItem: line, error: asError(lineError) });
          }
        }
      } else {
        // A network error or 5xx: the call may or may not have landed, so trying each line again
        // could add them twice. Report them; the member's cart below shows what is there.
        for (const line of carryable) failed.push({ lineItem: line, error: asError(error) });
      }
    }
  }
  cart ??= await readMemberCart();

  let status: CartCarryOver['status'];
  if (carryable.length === 0 && failed.length === 0) status = 'kept';
  else if (failed.length === 0) status = 'merged';
  else status = carried.length === 0 ? 'failed' : 'partial';
  return { cart, outcome: { status, carried, failed } };
}

function toInput(line: LineItem): LineItemInput {
  return { catalogReference: line.catalogReference!, quantity: line.quantity };
}

// The platform refused the call itself (4xx): the lines can safely be tried one by one.
function isRefusal(error: unknown): boolean {
  return (
    error instanceof StoreApiError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  );
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
