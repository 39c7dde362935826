'use client';
/**
 * The root layout itself failed: it could not read the shopper's session because the store
 * could not be reached. It replaces the whole page, so it brings its own `<html>`.
 */
import type { ReactNode } from 'react';
import { OFFLINE_ERROR } from '@vitrine/shop-ui/lib/errors';
import '@vitrine/shop-ui/styles.css';

export default function GlobalError({ reset }: { reset: () => void }): ReactNode {
  return (
    <html lang="en">
      <body>
        <main className="container site-main">
          <h1>The shop could not be shown</h1>
          <p>{OFFLINE_ERROR}</p>
          <button type="button" className="button" onClick={reset}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
