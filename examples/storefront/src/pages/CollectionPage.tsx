/**
 * One collection's products (a Catalog V1 collection or a Catalog V3 category), sortable, with
 * infinite scroll. Hooks: `useCollection` (by slug: `null` when there is none),
 * `useInfiniteProducts` (through `ProductBrowser`, by the collection's `categoryId`).
 */
import type { ReactNode } from 'react';
import { useCollection } from '@vitrine/react';
import { EmptyState, ErrorMessage } from '@vitrine/shop-ui/components/Feedback';
import { plainText } from '@vitrine/shop-ui/lib/format';
import { ProductBrowser } from '../components/ProductBrowser';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function CollectionPage({ slug }: { slug: string }): ReactNode {
  const collection = useCollection({ slug });
  usePageTitle(
    collection.data === null ? 'Collection not found' : (collection.data?.name ?? 'Collection'),
  );

  if (collection.error) {
    return (
      <div className="container">
        <ErrorMessage error={collection.error} onRetry={() => void collection.refetch()} />
      </div>
    );
  }
  if (collection.data === null) {
    return (
      <div className="container">
        <EmptyState icon="search" title="We could not find this collection">
          <p>It may have moved. Browse everything we sell instead.</p>
          <Link className="button" to={paths.shop()}>
            Shop all
          </Link>
        </EmptyState>
      </div>
    );
  }

  const id = collection.data?.id;
  return (
    <div className="container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.home()}>Home</Link>
          </li>
          <li aria-current="page">{collection.data?.name ?? '…'}</li>
        </ol>
      </nav>
      <div className="page-head">
        <div>
          <h1>
            {collection.data?.name ?? <span className="visually-hidden">Loading collection</span>}
          </h1>
          {collection.data?.description ? <p>{plainText(collection.data.description)}</p> : null}
        </div>
      </div>
      <ProductBrowser
        key={slug}
        filter={id ? { categoryId: id } : undefined}
        total={collection.data?.productCount}
        enabled={id !== undefined}
        label={`${collection.data?.name ?? 'Collection'} products`}
        empty={
          <EmptyState icon="leaf" title="Nothing here yet">
            <p>This collection is empty for now.</p>
            <Link className="button" to={paths.shop()}>
              Shop all
            </Link>
          </EmptyState>
        }
      />
    </div>
  );
}
