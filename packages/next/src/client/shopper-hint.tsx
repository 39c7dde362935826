'use client';
/**
 * The shopper's parts of a page that has no request-time part: the page is the same for every
 * shopper (prerendered, served from the cache), and what it shows of the shopper (the cart count,
 * signed in or not) comes from the shopper's hint, a small readable cookie the server keeps
 * (`vitrine.<client id>.cart`, see shared/cookies.ts). An inline script (`ShopperHintScript`)
 * puts it in place before the first paint; these components follow it after hydration, and the
 * browser's cart engine keeps it once it has loaded.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StoreClient } from '@vitrine/sdk';
import type { Shopper } from '../server/shopper.js';
import type { ShopperHint } from '../shared/cookies.js';
import { currentHint, hintChanged, subscribeHint } from './hint-store.js';
import { VITRINE_PATHS } from '../shared/paths.js';
import { StoreIsland, loadClient } from './islands.js';

const noHint = (): undefined => undefined;

/**
 * The shopper's hint, or `undefined` on the server and while hydrating (what the prerendered page
 * was made with), and when the browser holds none.
 */
export function useShopperHint(): ShopperHint | undefined {
  const hint = useSyncExternalStore(subscribeHint, currentHint, noHint);
  useEffect(() => watchHintCookie(), []);
  useEffect(() => {
    if (hint !== undefined) document.documentElement.dataset.vitrineRole = hint.role;
  }, [hint]);
  return hint;
}

/**
 * Follows the hint cookie wherever it changes: a response of the shop's server (a navigation, a
 * server action: the proxy and the cart actions write it), another tab. With the Cookie Store
 * API's change events where the browser has them, else by looking again every second and when
 * the page comes back into view. Returns the stop.
 */
function watchHintCookie(): () => void {
  const cookieStore = (window as { cookieStore?: EventTarget }).cookieStore;
  window.addEventListener('focus', hintChanged);
  window.addEventListener('pageshow', hintChanged);
  cookieStore?.addEventListener('change', hintChanged);
  const timer = cookieStore === undefined ? window.setInterval(hintChanged, 1000) : undefined;
  return () => {
    window.removeEventListener('focus', hintChanged);
    window.removeEventListener('pageshow', hintChanged);
    cookieStore?.removeEventListener('change', hintChanged);
    if (timer !== undefined) window.clearInterval(timer);
  };
}

/**
 * The shopper's cart count as the hint says: `0` on the server and while hydrating (the inline
 * script has already put the right one in the page: give its element `suppressHydrationWarning`).
 */
export function useHintedItemCount(): number {
  return useShopperHint()?.itemCount ?? 0;
}

/**
 * Vitrine's hooks for `children` with the page load's client of the shopper the hint names, for a
 * part of a prerendered page (no `<Suspense>`, no request-time read). The client loads on first
 * use and asks the shop's server which store it talks to. A shopper known to have no cart starts
 * with none, without asking. Inside `<VitrineIslands>`.
 *
 * @example <HintedStoreIsland><AddToCartForm productId={id}>…</AddToCartForm></HintedStoreIsland>
 */
export function HintedStoreIsland({ children }: { children: ReactNode }): ReactNode {
  const hint = useShopperHint();
  const [placeholder] = useState(() => shopperOf(undefined));
  const shopper = hint === undefined ? placeholder : shopperOf(hint);
  return (
    <StoreIsland shopper={shopper} load={loadHinted}>
      {children}
    </StoreIsland>
  );
}

const shoppers = new Map<string, Shopper>();

/** The shopper of a hint (one object per identity and count, so the island keeps its client). */
function shopperOf(hint: ShopperHint | undefined): Shopper {
  if (hint === undefined) {
    // No hint, no session (the proxy writes the hint of every session it sees): no cart to
    // read. The session starts with the store's first use (an add to cart, a sign-in).
    return {
      snapshot: { role: 'none', cart: null },
      identity: undefined,
      store: { clientId: '', baseUrl: undefined },
    };
  }
  const key = `${hint.clientId} ${hint.identity} ${hint.role} ${hint.itemCount === 0 ? 0 : 1}`;
  let shopper = shoppers.get(key);
  if (shopper === undefined) {
    shopper = {
      // Known to have no cart: none, without asking; otherwise the client reads it when needed.
      snapshot: { role: hint.role, ...(hint.itemCount === 0 ? { cart: null } : {}) },
      identity: hint.identity,
      store: { clientId: hint.clientId, baseUrl: undefined },
    };
    shoppers.set(key, shopper);
  }
  return shopper;
}

/** Loads the browser's client of a hinted shopper: which store first, from the shop's server. */
async function loadHinted(shopper: Shopper): Promise<StoreClient> {
  const response = await fetch(VITRINE_PATHS.store, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok)
    throw new Error(`The shop's server did not say which store (${response.status})`);
  const store = (await response.json()) as { clientId: string; baseUrl: string | null };
  return loadClient({
    ...shopper,
    store: { clientId: store.clientId, baseUrl: store.baseUrl ?? undefined },
  });
}
