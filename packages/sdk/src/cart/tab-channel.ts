/**
 * Tabs of one store share their cart over a `BroadcastChannel` named per client id: after each
 * change the platform confirmed, a tab posts the new cart; the others adopt it (same cart) or
 * read their own (any doubt). Where there is no `BroadcastChannel` (old browsers, some edge
 * runtimes), tabs simply do not hear of each other.
 */
import type { Cart } from '../models/cart.js';
import { isJsonObject } from '../internal/json.js';

/** The part of `BroadcastChannel` the cart store uses. */
export interface CartChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Opens the channel of a name, or `undefined` where there is none. */
export type CartChannelFactory = (name: string) => CartChannel | undefined;

/** What tabs post to each other. */
export interface CartChannelMessage {
  v: 1;
  /** The posting store, so it ignores its own messages. */
  source: string;
  /** The cart after the change; `null` after it was deleted. */
  cart: Cart | null;
}

/** The channel name of a client's cart. */
export function cartChannelName(clientId: string): string {
  return `vitrine:${clientId}:cart`;
}

/** Opens a real `BroadcastChannel` when the runtime has one. */
export const openBroadcastChannel: CartChannelFactory = (name) => {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => CartChannel })
    .BroadcastChannel;
  if (typeof Channel !== 'function') return undefined;
  try {
    const channel = new Channel(name);
    // Node: an open channel must not keep a server process alive.
    (channel as { unref?: () => void }).unref?.();
    return channel;
  } catch {
    return undefined;
  }
};

/** Reads a message from another tab; `undefined` when it is not one of ours. */
export function readChannelMessage(data: unknown): CartChannelMessage | undefined {
  if (!isJsonObject(data) || data.v !== 1 || typeof data.source !== 'string') return undefined;
  const { cart } = data;
  if (cart !== null && !(isJsonObject(cart) && Array.isArray(cart.lineItems))) return undefined;
  return { v: 1, source: data.source, cart: cart as Cart | null };
}
