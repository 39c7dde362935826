/**
 * One page of a catalog query (products, collections, store variants): the query checked once,
 * each page sent as `{ query: { filter?, sort?, paging } }`, its items read from the answer's
 * list, and the next page fetched the same way.
 */
import { listOf } from '../http/unwrap.js';
import { fetchPage, totalOf, type Page } from './page.js';
import { toWireQuery, type CatalogQuery, type WireQuery } from './query.js';

/** Sends one page's query body; resolves with the platform's answer. */
export type SendQuery = (body: { query: WireQuery }) => Promise<Record<string, unknown>>;

/**
 * The page `query` asks for (50 items from offset 0 by default), its items from the answer's
 * `list` (`products`, `collections`, `variants`).
 *
 * @throws {StoreArgumentError} (as a rejection) for a negative or fractional `paging.limit` or
 *   `paging.offset`.
 */
export async function queryPage<T, F>(
  query: CatalogQuery<F> | undefined,
  list: string,
  send: SendQuery,
): Promise<Page<T>> {
  const wire = toWireQuery(query);
  return fetchPage<T>(async (paging) => {
    const response = await send({ query: { ...wire, paging } });
    return { items: listOf<T>(response, list), total: totalOf(response) };
  }, wire.paging);
}
