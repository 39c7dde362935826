/**
 * One collection's products, sortable, with infinite scroll. Hooks: `useCollection` (by slug),
 * `useInfiniteProducts` (through `ProductBrowser`).
 */
import type { ReactNode } from 'react';
import { useCollection } from '@vitrine/react';
import { isStoreApiError } from '@vitrine/sdk';
import { EmptyState, ErrorMessage } from '@vitrine/shop-ui/components/Feedback';
import { ProductBrowser } from '../components/ProductBrowser';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function CollectionPage({ slug }: { slug: string }): ReactNode {
  const collection = useCollection({ slug });
  usePageTitle(collection.data?.name ?? 'Collection');

  if (collection.error) {
    const notFound = isStoreApiError(collection.error) && collection.error.status === 404;
    return (
      <div className="container">
        {notFound ? (
          <EmptyState icon="search" title="We could not find this collection">
            <p>It may have moved. Browse everything we sell instead.</p>
            <Link className="button" to={paths.shop()}>
              Shop all
            </Link>
          </EmptyState>
        ) : (
          <ErrorMessage error={collection.error} onRetry={() => void collection.refetch()} />
        )}
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
          {collection.data?.description ? <p>{collection.data.description}</p> : null}
        </div>
      </div>
      <ProductBrowser
        key={slug}
        filter={id ? { 'collections.id': { $hasSome: [id] } } : undefined}
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
