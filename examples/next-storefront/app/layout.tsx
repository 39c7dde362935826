/**
 * The page frame. It reads nothing of the request, so it is part of every page's cached shell;
 * the shopper's part of the header (account link, cart count) follows the shopper's hint, which
 * `<ShopperHintScript>` puts in place before the first paint (`components/Header.tsx`).
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NoScriptSupport, ShopperHintScript } from '@vitrine/next';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { Providers } from './providers';
import '@vitrine/shop-ui/styles.css';

export const metadata: Metadata = {
  title: { default: 'Vitrine', template: '%s · Vitrine' },
  description: 'An example shop server-rendered with Next.js on @vitrine/next.',
};

export default function RootLayout({ children }: { children: ReactNode }): ReactNode {
  return (
    // The shopper's hint sets an attribute of <html> before React hydrates (`ShopperHintScript`).
    <html lang="en" suppressHydrationWarning>
      <body>
        <NoScriptSupport />
        <Providers>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <Header />
          <ShopperHintScript />
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </Providers>
      </body>
    </html>
  );
}
