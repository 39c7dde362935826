/**
 * Cursor pages of Catalog V3's reads: the query checked once, the first page sent whole, each
 * next page sent as its cursor and page size only (a cursor stands for its query, as the official
 * client sends it) with the rest of the body (`fields`, the tree) unchanged, and the walk over
 * every page.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { pagingStalled, walkPages } from '../http/walk-pages.js';
import { listOf } from '../http/unwrap.js';
import { checkQuantity, describe } from '../internal/checks.js';
import { isJsonObject } from '../internal/json.js';
import type { CursorPagingInput } from './query.js';
import type { SearchPage } from './types.js';

/** The official client's page size. */
export const DEFAULT_CURSOR_LIMIT = 50;

/** How one cursor-paged call reads its pages. */
export interface CursorRead {
  /** The call, named in errors: `productsV3.query`. */
  call: string;
  /**
   * Where the page goes in the body: in the `query` or `search` (whose page size defaults to 50,
   * as the official client's), or alone as `cursorPaging` (sent only as given).
   */
  key: 'query' | 'search' | 'cursorPaging';
  /** The answer's list: `products`. */
  list: string;
  /** The rest of the body, sent with every page (`fields`, `treeReference`…). */
  rest: Record<string, unknown>;
  /** Largest page the platform serves. */
  maxLimit: number;
  /** Sends one page's body; resolves with the answer. */
  send: (body: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/** A query or search as the caller gave it. */
type CallerQuery = { cursorPaging?: CursorPagingInput } & Record<string, unknown>;

/**
 * `query` checked, with the page size filled in (50 by default).
 *
 * @throws {StoreArgumentError} for a query that is not an object, a page size that is not a
 *   whole number from 1 to `maxLimit`, or a cursor that is not a string.
 */
export function checkedQuery(
  argument: string,
  query: unknown,
  maxLimit: number,
): Record<string, unknown> & { cursorPaging: CursorPagingInput & { limit: number } } {
  if (query !== undefined && !isJsonObject(query)) {
    throw new StoreArgumentError(argument, `must be an object, got ${describe(query)}`);
  }
  const given = (query ?? {}) as CallerQuery;
  const paging = checkedPaging(`${argument}.cursorPaging`, given.cursorPaging, maxLimit);
  return { ...given, cursorPaging: { ...paging, limit: paging.limit ?? DEFAULT_CURSOR_LIMIT } };
}

/**
 * `paging` checked (left as given).
 * @throws {StoreArgumentError} as {@link checkedQuery}.
 */
export function checkedPaging(
  argument: string,
  paging: unknown,
  maxLimit: number,
): CursorPagingInput {
  if (paging === undefined) return {};
  if (!isJsonObject(paging)) {
    throw new StoreArgumentError(argument, `must be an object, got ${describe(paging)}`);
  }
  const { limit, cursor } = paging as CursorPagingInput;
  if (limit !== undefined) {
    checkQuantity(`${argument}.limit`, limit, 1);
    if (limit > maxLimit)
      throw new StoreArgumentError(`${argument}.limit`, `must be at most ${maxLimit}`);
  }
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw new StoreArgumentError(`${argument}.cursor`, 'must be a string');
  }
  return paging;
}

function cursorsOf(response: Record<string, unknown>): { next?: string; prev?: string } {
  const metadata = response.pagingMetadata;
  const cursors = isJsonObject(metadata) ? metadata.cursors : undefined;
  if (!isJsonObject(cursors)) return {};
  return {
    ...(typeof cursors.next === 'string' && cursors.next !== '' ? { next: cursors.next } : {}),
    ...(typeof cursors.prev === 'string' && cursors.prev !== '' ? { prev: cursors.prev } : {}),
  };
}

function emptyPage<T>(): SearchPage<T> {
  return {
    items: Object.freeze([]),
    cursors: Object.freeze({}),
    hasNext: () => false,
    next: () => Promise.resolve(emptyPage<T>()),
  };
}

/** The page `body` asks for, fetched with `cursor` (none for a first page). */
async function fetchPage<T>(
  read: CursorRead,
  body: Record<string, unknown>,
  { limit, cursor }: CursorPagingInput,
): Promise<SearchPage<T>> {
  const response = await read.send({ ...read.rest, ...body });
  const items = Object.freeze(listOf<T>(response, read.list));
  const cursors = Object.freeze(cursorsOf(response));
  const metadata = response.pagingMetadata;
  const more = !isJsonObject(metadata) || metadata.hasNext !== false;
  const hasNext = () => items.length > 0 && cursors.next !== undefined && more;
  const page: { -readonly [K in keyof SearchPage<T>]: SearchPage<T>[K] } = {
    items,
    cursors,
    hasNext,
    next: () => {
      if (!hasNext()) return Promise.resolve(emptyPage<T>());
      const next = cursors.next!;
      // The cursor this page came with, again: following it would answer this page forever.
      if (next === cursor) {
        return Promise.reject(
          pagingStalled(read.call, 'the server gave back the cursor of the same page'),
        );
      }
      const paging = { cursor: next, ...(limit === undefined ? {} : { limit }) };
      return fetchPage<T>(read, pagingBody(read, paging), paging);
    },
  };
  if (isJsonObject(response.aggregationData)) {
    page.aggregationData = response.aggregationData;
  }
  return page;
}

/** The body of a page that is only a cursor and its page size. */
function pagingBody(read: CursorRead, paging: CursorPagingInput): Record<string, unknown> {
  return read.key === 'cursorPaging'
    ? { cursorPaging: paging }
    : { [read.key]: { cursorPaging: paging } };
}

/**
 * The first page of `query` (checked; a query or search holds 50 items a page by default), or,
 * for a read keyed `cursorPaging`, the page `query` (a {@link CursorPagingInput}) names.
 *
 * @throws {StoreArgumentError} (as a rejection) for a bad query, see {@link checkedQuery}.
 */
export async function firstPage<T>(read: CursorRead, query: unknown): Promise<SearchPage<T>> {
  if (read.key === 'cursorPaging') {
    const paging = checkedPaging('options.cursorPaging', query, read.maxLimit);
    return fetchPage<T>(read, query === undefined ? {} : { cursorPaging: paging }, paging);
  }
  const checked = checkedQuery(read.key, query, read.maxLimit);
  const { cursorPaging } = checked;
  // A cursor stands for its query: with one, the filter, sort and search are not sent.
  const sent = cursorPaging.cursor === undefined ? checked : { cursorPaging };
  return fetchPage<T>(read, { [read.key]: sent }, cursorPaging);
}

/**
 * Every item of every page of `query`, each once; `call` names the walk in its error.
 *
 * @throws {StoreSystemError} `PAGING_STALLED` when the server does not advance (http/walk-pages.ts).
 */
export function walkCursorPages<T>(
  read: CursorRead,
  query: unknown,
  call: string,
): AsyncGenerator<T, void, undefined> {
  return walkPages(() => firstPage<T>(read, query), {
    call,
    nextPosition: (page) => (page as SearchPage<T>).cursors.next,
  });
}
