/** An address the shop does not know (or a product or collection that does not exist). */
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageNotFound } from '@vitrine/shop-ui/components/PageNotFound';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound(): ReactNode {
  return <PageNotFound link={Link} />;
}
