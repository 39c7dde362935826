/**
 * Tabs of one store share their cart over a `BroadcastChannel` named per client id: after each
 * change the platform confirmed, a tab posts the new cart; the others adopt it (the same cart,
 * and nothing of theirs on its way) or read their own (any doubt). Where there is no
 * `BroadcastChannel` (old browsers, some edge runtimes), tabs simply do not hear of each other.
 */
import type { Cart } from '../../models/cart.js';
import { isJsonObject } from '../../internal/json.js';
import type { CartChannel, CartChannelFactory, CartChannelMessage } from '../types.js';

/** What a tab does with another tab's message. */
export type Heard = 'ignore' | 'adopt' | 'reload';

/** The cart store's side of the channel. */
export interface TabMessages {
  /** Opens the channel (the first time a change is queued; never when the store is built). */
  open(): void;
  /** Tells the other tabs of the cart after a confirmed change. */
  post(cart: Cart | null): void;
  close(): void;
}

/** Options of {@link createTabMessages}. */
export interface TabMessagesOptions {
  /** The channel's name; without one, tabs are not told. */
  channelName: string | undefined;
  /** Opens the channel; `false` for none. @default a global `BroadcastChannel` when there is one */
  openChannel: CartChannelFactory | false | undefined;
  /** Called with each message of another tab. */
  onMessage(message: CartChannelMessage): void;
}

/** Connects one cart store to its other tabs. */
export function createTabMessages(options: TabMessagesOptions): TabMessages {
  let channel: CartChannel | undefined;
  let opened = false;
  // Names this store in its messages. Made when it first posts, not before: building a client
  // reads no random value (server pre-rendering refuses one).
  let source: string | undefined;

  return {
    open() {
      if (opened || options.openChannel === false || options.channelName === undefined) return;
      opened = true;
      channel = (options.openChannel ?? openBroadcastChannel)(options.channelName);
      if (channel) {
        channel.onmessage = (event) => {
          const message = readChannelMessage(event.data);
          if (message !== undefined && message.source !== source) options.onMessage(message);
        };
      }
    },
    post(cart) {
      if (!channel) return;
      try {
        channel.postMessage({ v: 1, source: (source ??= randomId()), cart });
      } catch {
        // A closed channel or an uncloneable value: the other tabs refresh on their next read.
      }
    },
    close: () => channel?.close(),
  };
}

/**
 * What to do with another tab's cart: adopt a copy of the same cart that is not older than
 * ours while nothing of ours is on its way; otherwise read our own. A tab that never used its
 * cart does nothing.
 */
export function whatToDoWith(
  message: CartChannelMessage,
  ours: { status: string; confirmed: Cart | null; idle: boolean },
): Heard {
  if (ours.status === 'idle') return 'ignore';
  const { cart } = message;
  const sameCart =
    cart !== null && ours.confirmed?.id !== undefined && cart.id === ours.confirmed.id;
  if (cart !== null && sameCart && ours.idle) {
    return isOlder(cart, ours.confirmed) ? 'ignore' : 'adopt';
  }
  return 'reload';
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

function isOlder(cart: Cart, than: Cart | null): boolean {
  const a = Date.parse(cart.updatedDate ?? '');
  const b = Date.parse(than?.updatedDate ?? '');
  return Number.isFinite(a) && Number.isFinite(b) && a < b;
}

function randomId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return (
    crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}
