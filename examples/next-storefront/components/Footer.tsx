/** The site footer. */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { paths } from '@vitrine/shop-ui/lib/paths';

export function Footer(): ReactNode {
  return (
    <footer className="site-footer">
      <div className="container site-footer__row">
        <p>
          Vitrine is an example shop server-rendered with Next.js on <code>@vitrine/next</code>. No
          real money changes hands.
        </p>
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link href={paths.home()}>Home</Link>
            </li>
            <li>
              <Link href={paths.account()} prefetch={false}>
                Account
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
