import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { serverClient } from '../lib/server';
import './styles.css';

export const metadata: Metadata = { title: 'Official client shop' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const client = await serverClient();
  return (
    <html lang="en">
      <body>
        <header>
          <Link href="/">Shop</Link>
          <nav>
            <Link href="/cart">Cart</Link>
            {client.auth.loggedIn() ? (
              <span data-testid="member">Signed in</span>
            ) : (
              <a href="/login">Sign in</a>
            )}
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
