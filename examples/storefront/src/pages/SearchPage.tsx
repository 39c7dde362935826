/** Products whose name contains the search words. Hook: `useInfiniteProducts` (through `ProductBrowser`). */
import type { ReactNode } from 'react';
import { EmptyState } from '@vitrine/shop-ui/components/Feedback';
import { ProductBrowser } from '../components/ProductBrowser';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link, useLocation } from '../router';

export function SearchPage(): ReactNode {
  const location = useLocation();
  const q = (location.search.get('q') ?? '').trim();
  usePageTitle(q ? `Search: ${q}` : 'Search');

  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>{q ? <>Results for “{q}”</> : 'Search'}</h1>
          {!q ? <p>Type what you are looking for in the search box above.</p> : null}
        </div>
      </div>
      {q ? (
        <ProductBrowser
          key={q}
          filter={{ text: q }}
          label={`Products matching ${q}`}
          empty={
            <EmptyState icon="search" title={`No products match “${q}”`}>
              <p>Check the spelling, try a shorter word, or browse everything we sell.</p>
              <Link className="button" to={paths.shop()}>
                Shop all
              </Link>
            </EmptyState>
          }
        />
      ) : null}
    </div>
  );
}
