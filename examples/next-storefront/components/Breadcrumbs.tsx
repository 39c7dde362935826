/** The trail above a collection or product page: Home, then the page itself. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { paths } from '@vitrine/shop-ui/lib/paths';

export function Breadcrumbs({ current }: { current: ReactNode }): ReactNode {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link href={paths.home()}>Home</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
