/**
 * The shopper's hint as the browser holds it (`vitrine.<client id>.cart`, see shared/cookies.ts):
 * read from `document.cookie`, written by the browser's cart engine once it has loaded, and the
 * components that follow it told when it changes.
 */
import {
  HINT_MAX_AGE,
  cartHintCookieName,
  parseShopperHint,
  shopperHintValue,
  type ShopperHint,
} from '../shared/cookies.js';

const HINT_COOKIE = /(?:^|;\s*)vitrine\.[^=;]+\.cart=([^;]*)/;

const listeners = new Set<() => void>();
let lastRaw: string | undefined;
let lastHint: ShopperHint | undefined;

/** The hint the browser holds now (the same object while the cookie does not change). */
export function currentHint(): ShopperHint | undefined {
  const raw = HINT_COOKIE.exec(document.cookie)?.[1];
  if (raw !== lastRaw) {
    lastRaw = raw;
    let value: string | undefined;
    try {
      value = raw === undefined ? undefined : decodeURIComponent(raw);
    } catch {
      value = undefined;
    }
    lastHint = parseShopperHint(value);
  }
  return lastHint;
}

/** Calls `listener` when the hint may have changed; returns the unsubscribe. */
export function subscribeHint(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the components following the hint that the cookie may have changed. */
export function hintChanged(): void {
  for (const listener of listeners) listener();
}

/** Writes the hint (as the server writes it) and tells its followers. */
export function writeHint(hint: ShopperHint): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${cartHintCookieName(hint.clientId)}=${encodeURIComponent(shopperHintValue(hint))}` +
    `; Path=/; Max-Age=${HINT_MAX_AGE}; SameSite=Lax${secure}`;
  hintChanged();
}
