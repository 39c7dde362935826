/**
 * A visitor this browser minted has no cart until an add makes one. The platform can only say
 * so by answering 404 to a read, which browsers log as a console error, so the engine remembers
 * it across the site's pages (in localStorage, keyed by a fingerprint of the visitor's refresh
 * token, never the token): a page loaded later, above all the return from the hosted sign-in
 * page, then reads no cart it knows is not there and carries nothing over at sign-in. A hint
 * only, and one that can never hide a cart: every add, whatever sends it (this engine, a call
 * held before it loaded, the app's own `store.cart.addItems`), first leaves an empty value under
 * the key (current-cart-api.ts), which no engine writes over until the visitor signs in, even
 * when it hears of the visitor's minting only later. Both are forgotten at every sign-in, at
 * sign-out (by the cart store itself, engine or not: current-cart-path.ts) and when a member gives
 * way to another identity: a member's adds, the carry-over's among them, say nothing of the next
 * visitor's cart. Without a hint the cart is read as before. Browsers whose tabs share their cart
 * only (a server keeps nothing).
 */
import type { Tokens } from '../../models/tokens.js';
import { NO_CART_KEY } from '../current-cart-path.js';

/** What a cart engine remembers of a visitor with no cart. */
export interface NoCartHint {
  /** Whether the visitor of `tokens` is known to have no cart. */
  knows(tokens: Tokens | undefined): boolean;
  /**
   * Remembers that the visitor of `tokens`, just minted, has no cart. `false` when an add was
   * sent since the last sign-in, which may have made one (it may even be what minted the
   * visitor, before this engine heard of it): the cart is then read.
   */
  remember(tokens: Tokens | undefined): boolean;
  /**
   * Forgets it, and any add's mark (the visitor signed in: its cart, if any, was carried; or the
   * member who made the adds has gone).
   */
  forget(): void;
}

/** A hint that remembers nothing (servers, or tabs that do not share their cart). */
const NO_HINT: NoCartHint = { knows: () => false, remember: () => true, forget: () => {} };

/** The hint of a browser's cart engine; `shared` when its tabs share their cart. */
export function createNoCartHint(shared: boolean): NoCartHint {
  const storage = shared ? browserLocalStorage() : undefined;
  if (storage === undefined) return NO_HINT;
  const attempt = (work: () => void) => {
    try {
      work();
    } catch {
      // A storage that refuses (quota, privacy settings) only means the cart is read.
    }
  };
  // `''` after an add; `null` when unreadable, which reads as no hint.
  const read = (): string | null => {
    let stored: string | null = null;
    attempt(() => (stored = storage.getItem(NO_CART_KEY)));
    return stored;
  };
  return {
    knows(tokens) {
      const mark = visitorMark(tokens);
      return mark !== undefined && read() === mark;
    },
    remember(tokens) {
      if (read() === '') return false;
      const mark = visitorMark(tokens);
      if (mark !== undefined) attempt(() => storage.setItem(NO_CART_KEY, mark));
      return true;
    },
    forget: () => attempt(() => storage.removeItem(NO_CART_KEY)),
  };
}

function browserLocalStorage(): Storage | undefined {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage;
    return typeof storage?.getItem === 'function' ? storage : undefined;
  } catch {
    return undefined;
  }
}

/** A visitor's mark: FNV-1a of its refresh token, which it cannot be turned back into. */
function visitorMark(tokens: Tokens | undefined): string | undefined {
  if (tokens?.refreshToken.role !== 'visitor') return undefined;
  let hash = 0x811c9dc5;
  for (const char of tokens.refreshToken.value) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return `v1:${hash.toString(36)}`;
}
