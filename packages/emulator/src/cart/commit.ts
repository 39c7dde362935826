/**
 * Storing a changed cart, inside the caller's transaction, and the events it causes. The V1 and
 * V2 APIs change one cart, so every change goes through here whichever API made it: the
 * revision goes up by one and both the V1 events (`wix.ecom.v1.cart_*`) and, when the store serves
 * Cart V2, the V2 domain events (`wix.ecom.v2.cart_*`) are queued. The platform's V1 cart is a
 * proxy over Cart V2 that produces V1 events (the typings' `LegacyFields.buyNow`: "Used by the
 * Cart API proxy to determine whether to produce legacy V1 domain events").
 */
import type { EmulatorContext } from '../context.js';
import type { CartRecord, WireCart } from '../models/cart.js';
import type { WireCartSummary, WireCartV2 } from '../models/cart-v2.js';
import type { WebhookIdentity } from '../models/events.js';
import type { Transaction } from '../models/state.js';
import * as events from '../webhooks/events.js';
import { storageKeyOf } from './records.js';
import { renderCartV2 } from './v2-view.js';
import { renderCart } from './view.js';

/** The envelope identity of a cart's owner (for changes the owner did not make, like an order). */
export function ownerIdentity(cart: Readonly<CartRecord>): WebhookIdentity {
  return 'memberId' in cart.buyerInfo
    ? { identityType: 'MEMBER', memberId: cart.buyerInfo.memberId }
    : { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: cart.buyerInfo.visitorId };
}

/** V2 events are built only where they go somewhere: a store with Cart V2 and a webhook URL. */
function sendsV2(ctx: EmulatorContext): boolean {
  return ctx.options.cartV2 && ctx.options.webhookUrl !== undefined;
}

function nextMeta(ctx: EmulatorContext, cart: CartRecord): events.DomainEventMeta {
  cart.eventSequence = (cart.eventSequence ?? 0) + 1;
  return { eventTime: ctx.nowIso(), sequence: cart.eventSequence };
}

/** Options of {@link saveCart}. */
export interface SaveOptions {
  /** The cart as it was stored, or `undefined` for a new cart. */
  existing: Readonly<CartRecord> | undefined;
  /** Whether the cart is (or stays) its owner's current cart. */
  current: boolean;
  /** Whether the cart was its owner's current cart before this change. */
  wasCurrent?: boolean;
  /** Who made the change, for the events' envelope. */
  who: WebhookIdentity;
  /** The V1 event: by default created for a new cart, updated otherwise. */
  v1Event?: 'created' | 'updated' | 'deleted';
}

/**
 * Stores `next` (a changed copy of `existing`, or a new cart) with its revision one higher and
 * queues its events. Call inside a transaction, after every check.
 * @returns the cart as both APIs answer it (the V2 one only rendered when asked for).
 */
export function saveCart(
  ctx: EmulatorContext,
  tx: Transaction,
  next: CartRecord,
  options: SaveOptions,
): { v1: () => WireCart; v2: () => WireCartV2 } {
  const { existing, current, who } = options;
  next.revision = (existing?.revision ?? 0) + 1;
  if (existing) {
    const before = storageKeyOf(existing, options.wasCurrent ?? current);
    if (before !== storageKeyOf(next, current)) delete tx.state.carts[before];
  }
  const v1Kind = options.v1Event ?? (existing ? 'updated' : 'created');
  const v1 = renderCart(ctx, next);
  if (v1Kind === 'deleted') tx.emit(events.cartDeleted(who, next.id));
  else tx.emit(v1Kind === 'created' ? events.cartCreated(who, v1) : events.cartUpdated(who, v1));
  let v2: WireCartV2 | undefined;
  if (sendsV2(ctx)) {
    const meta = nextMeta(ctx, next);
    v2 = renderCartV2(ctx, next, current);
    tx.emit(existing ? events.cartV2Updated(who, v2, meta) : events.cartV2Created(who, v2, meta));
  }
  tx.state.carts[storageKeyOf(next, current)] = next;
  return { v1: () => v1, v2: () => (v2 ??= renderCartV2(ctx, next, current)) };
}

/** Deletes a stored cart and queues `cart_deleted` (V1, and V2 with the cart as it was). */
export function removeCart(
  ctx: EmulatorContext,
  tx: Transaction,
  cart: Readonly<CartRecord>,
  current: boolean,
  who: WebhookIdentity,
): void {
  delete tx.state.carts[storageKeyOf(cart, current)];
  tx.emit(events.cartDeleted(who, cart.id));
  if (sendsV2(ctx)) {
    const copy = { ...cart };
    const meta = nextMeta(ctx, copy);
    tx.emit(events.cartV2Deleted(who, renderCartV2(ctx, copy, current), meta));
  }
}

/** Queues `cart_calculated` for a summary a calculate or estimate answered. */
export function cartCalculated(
  ctx: EmulatorContext,
  tx: Transaction,
  cart: Readonly<CartRecord>,
  current: boolean,
  summary: WireCartSummary,
  who: WebhookIdentity,
): void {
  if (!sendsV2(ctx)) return;
  // The count of the cart's events is kept on the cart, so it goes on across restarts.
  const copy = { ...cart };
  const meta = nextMeta(ctx, copy);
  tx.state.carts[storageKeyOf(cart, current)] = copy;
  tx.emit(events.cartV2Calculated(who, summary, meta));
}
