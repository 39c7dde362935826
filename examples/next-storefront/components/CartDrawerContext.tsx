'use client';
/** Who opens the cart drawer: the header's cart button and "Add to cart". */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface CartDrawerControls {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const CartDrawerContext = createContext<CartDrawerControls | null>(null);

export function CartDrawerProvider({ children }: { children: ReactNode }): ReactNode {
  const [isOpen, setOpen] = useState(false);
  const controls = useMemo(
    () => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }),
    [isOpen],
  );
  return <CartDrawerContext.Provider value={controls}>{children}</CartDrawerContext.Provider>;
}

/** Opens and closes the cart drawer. */
export function useCartDrawer(): CartDrawerControls {
  const controls = useContext(CartDrawerContext);
  if (!controls) throw new Error('useCartDrawer must be used inside <CartDrawerProvider>');
  return controls;
}
