/** An address the shop does not know. No hooks: Next renders it on the server. */
import type { ReactNode } from 'react';
import { paths } from '../lib/paths';
import { EmptyState } from './Feedback';
import type { ShopLinkComponent } from './ShopLink';

/** "We could not find that page" (the page's h1), and a way home. */
export function PageNotFound({ link: Link }: { link: ShopLinkComponent }): ReactNode {
  return (
    <div className="container">
      <EmptyState icon="compass" title="We could not find that page" level={1}>
        <p>The link may be old, or the page has moved.</p>
        <Link className="button" href={paths.home()}>
          Go to the home page
        </Link>
      </EmptyState>
    </div>
  );
}
