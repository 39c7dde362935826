/** An address the shop does not know, or a product or collection that does not exist. */
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound(): ReactNode {
  return (
    <div className="narrow">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link className="button" href="/">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
