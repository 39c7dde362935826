'use client';
/**
 * The browser's side of the shop, in the root layout: what every page shares and that needs
 * nothing of the request, so it is part of the cached shell. One TanStack Query client for the
 * visit, the page load's store clients (handed out by `<StoreIsland>`), the cart drawer's open
 * state (the header's button and "Add to cart" open it), and `next/link` for the shop kit's links.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@vitrine/react';
import { CartDrawerProvider } from '@vitrine/shop-ui/components/CartDrawerContext';
import { ShopLinkProvider } from '@vitrine/shop-ui/components/ShopLink';
import { StoreClientsProvider } from '../components/StoreIsland';

export function Providers({ children }: { children: ReactNode }): ReactNode {
  // Once per page load (on the server, once per request).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <StoreClientsProvider>
        <ShopLinkProvider link={Link}>
          <CartDrawerProvider>{children}</CartDrawerProvider>
        </ShopLinkProvider>
      </StoreClientsProvider>
    </QueryClientProvider>
  );
}
