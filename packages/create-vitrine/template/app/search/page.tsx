/**
 * Search: the products whose name holds the words of `?q=` (every product without it), in the
 * order `?sort=` names, a page at a time: `?after=` is where a page starts (the page before's
 * `nextCursor`). The header's search box and the sort are plain GET forms to this page: both
 * work without scripts. The results are read at request time (they follow the address), from
 * the cached catalog: one entry per search, order and page.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import {
  isVitrineError,
  parseProductSortOrder,
  type ProductSortOrder,
  type StorefrontProduct,
} from '@vitrine/sdk';
import { searchProducts, type CatalogList } from '@vitrine/next';
import { ProductGrid } from '../../components/ProductCard';

export const metadata: Metadata = { title: 'Search' };

const PAGE_SIZE = 12;

/** The orders a shopper may sort by, as the menu names them. */
const SORT_LABELS: Record<ProductSortOrder, string> = {
  featured: 'Featured',
  'price-asc': 'List price, low to high',
  'price-desc': 'List price, high to low',
  'name-asc': 'Name, A to Z',
  'name-desc': 'Name, Z to A',
};

type SearchParams = Promise<Record<'q' | 'sort' | 'after', string | string[] | undefined>>;

export default function SearchPage({ searchParams }: { searchParams: SearchParams }): ReactNode {
  return (
    <Suspense fallback={<SearchPlaceholder />}>
      <Search searchParams={searchParams} />
    </Suspense>
  );
}

function SearchPlaceholder(): ReactNode {
  return (
    <div aria-busy="true">
      <h1>Search</h1>
      <p>Searching…</p>
    </div>
  );
}

async function Search({ searchParams }: { searchParams: SearchParams }): Promise<ReactNode> {
  const params = await searchParams;
  const text = (first(params.q) ?? '').trim().slice(0, 100);
  const sort = parseProductSortOrder(first(params.sort));
  const after = first(params.after) || undefined;
  const found = await search(text, sort, after);
  const link = (cursor?: string) => searchHref({ text, sort, cursor });
  return (
    <>
      <h1>{text ? `Results for “${text}”` : 'All products'}</h1>
      {found?.items.length ? <SortForm text={text} sort={sort} /> : null}
      {found === undefined ? (
        <p className="alert" role="status">
          These results have changed since that page was made.{' '}
          <Link href={link()}>Start again from the first page</Link>.
        </p>
      ) : found.items.length === 0 ? (
        <div className="empty-state" role="status">
          <p>
            <strong>
              {text ? `No products match “${text}”.` : 'There are no products on this page.'}
            </strong>
          </p>
          <p>
            Try other words, or <Link href="/search">see every product</Link>.
          </p>
        </div>
      ) : (
        <>
          {found.totalCount !== undefined ? (
            <p className="muted">
              {found.totalCount === 1 ? '1 product' : `${found.totalCount} products`}
            </p>
          ) : null}
          <ProductGrid products={found.items} />
        </>
      )}
      {after || found?.nextCursor ? (
        <nav className="pager" aria-label="Pages of results">
          {after ? <Link href={link()}>First page</Link> : null}
          {found?.nextCursor ? (
            <Link href={link(found.nextCursor)} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** The order of the results: a GET form to this page, for the same search, from its first page. */
function SortForm({ text, sort }: { text: string; sort: ProductSortOrder }): ReactNode {
  return (
    <form className="inline sort-form" action="/search" method="get">
      {text ? <input type="hidden" name="q" value={text} /> : null}
      <label htmlFor="sort">Sort by</label>
      <select id="sort" className="input" name="sort" defaultValue={sort}>
        {Object.entries(SORT_LABELS).map(([order, label]) => (
          <option key={order} value={order}>
            {label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        Sort
      </button>
    </form>
  );
}

/**
 * A page of results; `undefined` when the address's `?after=` is a cursor the store no longer
 * takes (an old link), rather than an error page.
 */
async function search(
  text: string,
  sort: ProductSortOrder,
  cursor: string | undefined,
): Promise<CatalogList<StorefrontProduct> | undefined> {
  try {
    return await searchProducts({ text, sort, limit: PAGE_SIZE, cursor });
  } catch (error) {
    if (cursor === undefined || !isVitrineError(error)) throw error;
    return undefined;
  }
}

/** This page's address for a search, an order and where the page starts. */
function searchHref({
  text,
  sort,
  cursor,
}: {
  text: string;
  sort: ProductSortOrder;
  cursor?: string | undefined;
}): string {
  const query = new URLSearchParams();
  if (text) query.set('q', text);
  if (sort !== 'featured') query.set('sort', sort);
  if (cursor) query.set('after', cursor);
  const search = query.toString();
  return search ? `/search?${search}` : '/search';
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
