/** The shop's name and mark in the header, a link home. No hooks (Next renders it on the server). */
import type { ReactNode } from 'react';
import { paths } from '../lib/paths';
import type { ShopLinkComponent } from './ShopLink';

/** "Vitrine", with its mark, linking to the home page. */
export function Brand({ link: Link }: { link: ShopLinkComponent }): ReactNode {
  return (
    <Link className="brand" href={paths.home()} aria-label="Vitrine, home">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1d3b34" />
        <path d="M8 9h4l4 11 4-11h4l-6 15h-4z" fill="#f4c95d" />
      </svg>
      Vitrine
    </Link>
  );
}
