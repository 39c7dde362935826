/** An address the shop does not know (or a product or collection that does not exist). */
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState } from '@vitrine/shop-ui/components/Feedback';
import { paths } from '@vitrine/shop-ui/lib/paths';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound(): ReactNode {
  return (
    <div className="container">
      <EmptyState icon="compass" title="We could not find that page">
        <p>The link may be old, or the page has moved.</p>
        <Link className="button" href={paths.home()}>
          Go to the home page
        </Link>
      </EmptyState>
    </div>
  );
}
