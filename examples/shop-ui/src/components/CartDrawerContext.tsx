'use client';
/** Who opens the cart drawer: the header's cart button and "Add to cart". */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The drawer's state and what changes it. */
export interface CartDrawerControls {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const CartDrawerContext = createContext<CartDrawerControls | null>(null);

/** Holds the drawer's open state for everything below it (the header's button, "Add to cart"). */
export function CartDrawerProvider({ children }: { children: ReactNode }): ReactNode {
  const [isOpen, setOpen] = useState(false);
  const controls = useMemo(
    () => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }),
    [isOpen],
  );
  return <CartDrawerContext.Provider value={controls}>{children}</CartDrawerContext.Provider>;
}

/**
 * Opens and closes the cart drawer.
 * @throws Error outside `<CartDrawerProvider>`.
 */
export function useCartDrawer(): CartDrawerControls {
  const controls = useContext(CartDrawerContext);
  if (!controls) throw new Error('useCartDrawer must be used inside <CartDrawerProvider>');
  return controls;
}
