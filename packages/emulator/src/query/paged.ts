/**
 * A catalog query's two paging styles. The platform's query calls take either offset paging,
 * `query.paging: {limit, offset}`, answered with `metadata: {count, offset, total}`, or cursor
 * paging, `query.cursorPaging: {limit, cursor}`, answered with `metadata: {count, cursors: {next}}`
 * (the official client's types document both; a cursor is not sent with a filter or a sort, since
 * it stands for the query that issued it). A cursor here is the query and the next offset
 * (cursor.ts): it is checked like any query when it comes back.
 */
import * as valibot from 'valibot';
import { ApiError, fieldError } from '../http/errors.js';
import { int, obj, optional, str, violationsOf } from '../http/schema.js';
import { validationError } from '../http/errors.js';
import type { ParsedQuery } from './query.js';
import type { Cursor } from './cursor.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { MAX_LIMIT, parseQuery } from './query.js';

/** A compiled query and how to describe a page of its answer. */
export interface PagedQuery {
  query: ParsedQuery;
  /** The answer's `metadata` for a page (`items` on it, `total` matches in all). */
  metadata(page: { items: readonly unknown[]; total: number }): Record<string, unknown>;
}

const cursorPagingSchema = obj({
  limit: optional(int({ min: 1, max: MAX_LIMIT })),
  cursor: optional(str({ min: 1, max: 10_000 })),
});

const notACursor = () =>
  fieldError('query.cursorPaging.cursor', 'is not a cursor of this call', 'FORMAT');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A query with cursor paging, as the offset query it stands for. */
function parseCursorQuery(
  query: Record<string, unknown>,
  aliases: Readonly<Record<string, string>>,
): PagedQuery {
  const { cursorPaging, ...rest } = query;
  if (rest.paging !== undefined && rest.paging !== null)
    throw fieldError('query.paging', 'cannot be sent with cursorPaging', 'ONE_OF_ALIGNMENT');
  const checked = valibot.safeParse(cursorPagingSchema, cursorPaging ?? {});
  if (!checked.success) throw validationError(violationsOf(checked.issues, 'query.cursorPaging'));
  const { limit, cursor } = checked.output;
  let state: Cursor;
  if (cursor !== undefined) {
    if (rest.filter !== undefined || rest.sort !== undefined)
      throw fieldError(
        'query.cursorPaging.cursor',
        'cannot be sent with a filter or a sort',
        'ONE_OF_ALIGNMENT',
      );
    state = decodeCursor(cursor, notACursor);
  } else {
    state = { filter: rest.filter, sort: rest.sort, offset: 0 };
  }
  const paging = limit === undefined ? undefined : { limit };
  const offsetQuery = { ...rest, filter: state.filter, sort: state.sort, paging };
  let parsed: ParsedQuery;
  try {
    parsed = parseQuery(offsetQuery, aliases);
  } catch (error) {
    // A cursor's query was checked when it was issued: one that fails now was not ours.
    if (cursor !== undefined && error instanceof ApiError) throw notACursor();
    throw error;
  }
  parsed.offset = state.offset;
  return {
    query: parsed,
    metadata: (page) => {
      const end = state.offset + page.items.length;
      // Only past what this page brought: a cursor that does not move on would be followed forever.
      const next =
        page.items.length > 0 && end < page.total
          ? encodeCursor({ filter: state.filter, sort: state.sort, offset: end })
          : null;
      return { count: page.items.length, cursors: { next } };
    },
  };
}

/**
 * Validates and compiles a query call's `query` in either paging style.
 * @param aliases field names rewritten before resolution (`price` → `priceData.price`).
 * @throws {ApiError} 400 naming every problem; a cursor that is not one this emulator issued for
 * the call answers `query.cursorPaging.cursor`.
 */
export function parsePagedQuery(
  rawQuery: unknown,
  aliases: Readonly<Record<string, string>> = {},
): PagedQuery {
  if (isObject(rawQuery) && rawQuery.cursorPaging !== undefined && rawQuery.cursorPaging !== null)
    return parseCursorQuery(rawQuery, aliases);
  const query = parseQuery(rawQuery, aliases);
  return {
    query,
    metadata: (page) => ({ count: page.items.length, offset: query.offset, total: page.total }),
  };
}
