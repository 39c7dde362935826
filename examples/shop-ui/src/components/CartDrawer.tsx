'use client';
/**
 * The cart as a side drawer: a modal `<dialog>` (focus stays inside, Escape closes it). Closed
 * until opened (on a server too), so the cart it shows is the live one, starting from a server's
 * snapshot where there is one. Its content (`CartDrawerContent`: the lines, the subtotal, the
 * checkout) loads the first time it opens. The lines' controls and the checkout button are the
 * shop's (hooks in the Vite shop, forms in the Next shop).
 */
import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { paths } from '../lib/paths';
import { useCartDrawer } from './CartDrawerContext';
import type { LineControlsSlot } from './CartLines';
import { Loading } from './Feedback';
import type DrawerContentComponent from './CartDrawerContent';

type ContentModule = { default: typeof DrawerContentComponent };

let loading: Promise<ContentModule> | undefined;
let loaded: ContentModule | undefined;

/**
 * Fetches the drawer's content now (once), so that opening it shows the cart at once: call it
 * where the shopper is about to open it (a pointer on the cart button) or once a cart is known.
 * A page that is only looked at never downloads it.
 */
export function preloadCartDrawer(): Promise<ContentModule> {
  loading ??= import('./CartDrawerContent').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

// Fetched the first time the drawer opens, unless preloaded. Once loaded, handed to React as a
// thenable that resolves at once: the drawer then opens on its content, not on "Loading…" for a
// moment (a promise, even a settled one, would suspend it until the next microtask).
const DrawerContent = lazy(() =>
  loaded === undefined
    ? preloadCartDrawer()
    : ({
        then: (done: (module: ContentModule) => void) => done(loaded!),
      } as Promise<ContentModule>),
);

/** Where the drawer's links go. */
export interface CartDrawerProps {
  /**
   * Where "Start shopping" goes from an empty cart.
   * @default paths.home()
   */
  shopHref?: string;
  /** The shop's cart page, when it has one: the drawer then links to it (coupons, shipping). */
  cartHref?: string;
  /** Each line's quantity and remove controls. */
  controls: LineControlsSlot;
  /** The checkout button. */
  checkout: ReactNode;
}

/** The drawer, open while `useCartDrawer().isOpen`. */
export function CartDrawer({
  shopHref = paths.home(),
  cartHref,
  controls,
  checkout,
}: CartDrawerProps): ReactNode {
  const { isOpen, close } = useCartDrawer();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="cart-drawer-title"
      onClose={close}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === event.currentTarget) close();
      }}
    >
      {isOpen ? (
        <Suspense fallback={<Loading>Loading your cart…</Loading>}>
          <DrawerContent
            onClose={close}
            shopHref={shopHref}
            controls={controls}
            checkout={checkout}
            {...(cartHref === undefined ? {} : { cartHref })}
          />
        </Suspense>
      ) : null}
    </dialog>
  );
}
