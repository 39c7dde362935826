/** Every product, sortable, with infinite scroll. Hook: `useInfiniteProducts` (through `ProductBrowser`). */
import type { ReactNode } from 'react';
import { EmptyState } from '@vitrine/shop-ui/components/Feedback';
import { ProductBrowser } from '../components/ProductBrowser';
import { usePageTitle } from '../lib/page-title';

export function ShopPage(): ReactNode {
  usePageTitle('Shop all');
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Shop all</h1>
          <p>Everything in the store, from socks to tents.</p>
        </div>
      </div>
      <ProductBrowser
        label="All products"
        empty={
          <EmptyState icon="leaf" title="The shelves are empty">
            <p>No products are for sale right now. Please come back soon.</p>
          </EmptyState>
        }
      />
    </div>
  );
}
