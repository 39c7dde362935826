/**
 * Products whose name holds the search words (`?q=`), in a sort order (`?sort=`), a page at a
 * time by cursor (`?after=`: the page before's `nextCursor`), from the cached catalog
 * (`searchProducts`: one entry per search and page, shared by every visitor). The address is the
 * search, so it works as a plain GET form without scripts. The address is read at request time:
 * the page's shell (the heading's place) is cached, its results are rendered per request from
 * the cache, without a platform call once warm.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { parseProductSortOrder, type ProductSortOrder } from '@vitrine/sdk';
import { searchProducts } from '@vitrine/next';
import { EmptyState, Loading } from '@vitrine/shop-ui/components/Feedback';
import { ProductShelf } from '../../components/CatalogSections';
import { ProductPager, pageCountText } from '../../components/ProductPager';
import { PAGE_SIZE } from '../../lib/catalog-queries';
import { pageAt } from '../../lib/cursor-page';
import { paths } from '../../lib/paths';
import { SORT_OPTIONS } from '@vitrine/shop-ui/lib/sort';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The search an address asks for: its words, its order and where its page starts. */
interface Search {
  q: string;
  sort: ProductSortOrder;
  after: string | undefined;
}

/** One value of a query parameter (the first, when it is given twice). */
function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function searchOf(searchParams: SearchParams): Promise<Search> {
  const params = await searchParams;
  const after = one(params.after);
  return {
    q: (one(params.q) ?? '').trim().slice(0, 100),
    sort: parseProductSortOrder(one(params.sort)),
    after: after === '' ? undefined : after,
  };
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { q } = await searchOf(searchParams);
  return { title: q ? `Search: ${q}` : 'Search', robots: { index: false } };
}

export default function SearchPage({ searchParams }: { searchParams: SearchParams }): ReactNode {
  return (
    <div className="container">
      <Suspense fallback={<Loading>Searching…</Loading>}>
        <SearchContent searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function SearchContent({ searchParams }: { searchParams: SearchParams }): Promise<ReactNode> {
  const search = await searchOf(searchParams);
  const { q } = search;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{q ? <>Results for “{q}”</> : 'Search'}</h1>
          {!q ? <p>Type what you are looking for, and we will find it.</p> : null}
        </div>
      </div>
      <SearchForm search={search} />
      {q ? <Results search={search} /> : null}
    </>
  );
}

/** The search words and the order: a GET form to this page, with or without scripts. */
function SearchForm({ search }: { search: Search }): ReactNode {
  return (
    <form
      className="toolbar"
      role="search"
      aria-label="Search and sort"
      action="/search"
      method="get"
    >
      <div className="header-search">
        <label htmlFor="search-q" className="visually-hidden">
          Search products
        </label>
        <input
          id="search-q"
          className="input"
          type="search"
          name="q"
          defaultValue={search.q}
          placeholder="Search products"
          enterKeyHint="search"
        />
      </div>
      <div className="sort-control">
        <label className="label" htmlFor="search-sort">
          Sort by
        </label>
        <select id="search-sort" className="select" name="sort" defaultValue={search.sort}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--small">
          Search
        </button>
      </div>
    </form>
  );
}

async function Results({ search }: { search: Search }): Promise<ReactNode> {
  const { q, sort, after } = search;
  const page = await pageAt(() =>
    searchProducts({ text: q, sort, limit: PAGE_SIZE, ...(after ? { cursor: after } : {}) }),
  );
  if (page.items.length === 0) {
    return (
      <EmptyState icon="search" title={`No products match “${q}”`}>
        <p>Check the spelling, try a shorter word, or browse our collections.</p>
        <Link className="button" href={paths.home()}>
          Back to the shop
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="toolbar__count">
        {pageCountText(page.items.length, page.totalCount, page.hasNext || after !== undefined)}
      </p>
      <ProductShelf id="results" title={`Products matching ${q}`} products={page.items} />
      <ProductPager
        label="Pages of results"
        nextHref={page.nextCursor === null ? undefined : paths.search(q, sort, page.nextCursor)}
        firstHref={after === undefined ? undefined : paths.search(q, sort)}
      />
    </>
  );
}
