'use client';
/**
 * The browser's side of the shop, in the root layout: what every page shares and that needs
 * nothing of the request, so it is part of the cached shell. The page load's store clients
 * (`VitrineIslands`, handed out by each `ShopperIsland`), the cart drawer's open state (the
 * header's button and "Add to cart" open it), and `next/link` for the shop kit's links.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { VitrineIslands } from '@vitrine/next/client';
import { CartDrawerProvider } from '@vitrine/shop-ui/components/CartDrawerContext';
import { ShopLinkProvider } from '@vitrine/shop-ui/components/ShopLink';

export function Providers({ children }: { children: ReactNode }): ReactNode {
  return (
    <VitrineIslands>
      <ShopLinkProvider link={Link}>
        <CartDrawerProvider>{children}</CartDrawerProvider>
      </ShopLinkProvider>
    </VitrineIslands>
  );
}
