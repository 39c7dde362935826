'use client';
/**
 * Whether the cart drawer is open: the header's cart button and "Add to cart" open it, from
 * different parts of the page.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface CartDrawerState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const CartDrawerContext = createContext<CartDrawerState | null>(null);

/** Holds the drawer's state for the whole page (in the root layout). */
export function CartDrawerProvider({ children }: { children: ReactNode }): ReactNode {
  const [isOpen, setOpen] = useState(false);
  const state = useMemo(
    () => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }),
    [isOpen],
  );
  return <CartDrawerContext.Provider value={state}>{children}</CartDrawerContext.Provider>;
}

/** The drawer's state and its controls. */
export function useCartDrawer(): CartDrawerState {
  const state = useContext(CartDrawerContext);
  if (state === null) throw new Error('useCartDrawer needs <CartDrawerProvider> above it');
  return state;
}
