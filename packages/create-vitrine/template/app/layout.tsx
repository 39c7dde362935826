/**
 * The frame of every page. It reads nothing of the request, so it is part of each page's cached
 * shell; the shopper's part of the header (sign-in or account, the cart count) follows the
 * shopper's hint, a readable cookie the shop's server keeps, which `<ShopperHintScript>` puts in
 * place before the first paint.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NoScriptSupport, ShopperHintScript } from '@vitrine/next';
import { VitrineIslands } from '@vitrine/next/client';
import { CartDrawerProvider } from '../components/CartDrawerProvider';
import { Header } from '../components/Header';
import { SHOP_NAME } from '../lib/shop';
import './globals.css';
import './vitrine.css';

export const metadata: Metadata = {
  title: { default: SHOP_NAME, template: `%s · ${SHOP_NAME}` },
  description: `${SHOP_NAME}, a shop on Vitrine.`,
};

export default function RootLayout({ children }: { children: ReactNode }): ReactNode {
  return (
    // The shopper's hint sets an attribute of <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <body>
        {/* A browser that runs no script gets whole pages and plain form posts. */}
        <NoScriptSupport />
        {/* The page's store clients, one per shopper, for every island below. */}
        <VitrineIslands>
          <CartDrawerProvider>
            <a className="skip-link" href="#main">
              Skip to content
            </a>
            <Header />
            <ShopperHintScript />
            <main id="main" className="container" tabIndex={-1}>
              {children}
            </main>
            <footer className="site-footer container">
              <p>
                {SHOP_NAME} · built with <a href="https://nextjs.org">Next.js</a> and Vitrine
              </p>
            </footer>
          </CartDrawerProvider>
        </VitrineIslands>
      </body>
    </html>
  );
}
