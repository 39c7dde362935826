/**
 * The page frame, rendered on the server for every request: it reads the shopper's session and
 * cart with this request's client (tokens already made valid by the proxy) and hands them to the
 * browser's `<Providers>`, with the store's address, as plain props.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { readStoreSnapshot } from '@vitrine/sdk/server';
import { CartDrawer } from '../components/CartDrawer';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { getRequestStore } from '../lib/request-store';
import { readStoreConfig } from '../lib/store-config';
import { Providers } from './providers';
import './styles.css';

export const metadata: Metadata = {
  title: { default: 'Vitrine', template: '%s · Vitrine' },
  description: 'An example shop server-rendered with Next.js on @vitrine/react.',
};

export default async function RootLayout({
  children,
}: {
  children: ReactNode;
}): Promise<ReactNode> {
  const snapshot = await readStoreSnapshot(await getRequestStore());
  return (
    <html lang="en">
      <body>
        <Providers config={readStoreConfig()} snapshot={snapshot}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <Header />
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
          <CartDrawer />
        </Providers>
      </body>
    </html>
  );
}
