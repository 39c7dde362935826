/**
 * The request of `POST /ecom/v1/orders/search` (the platform's Orders API "Search Orders"):
 * `{search: {filter?, sort?, cursorPaging?: {limit?, cursor?}}}`, the body the official client's
 * `orders.searchOrders(search)` sends. Filters and sorts use the platform's query language on the
 * order's wire fields (`status`, `number`, `buyerInfo.memberId`, `lineItems.catalogReference…`),
 * with the official client's `_id`, `_createdDate` and `_updatedDate` as aliases. Defaults, as
 * the platform documents them: newest first (`createdDate` DESC), 100 orders a page.
 *
 * A page's `cursors.next` holds where the next page starts and the search it continues; with a
 * cursor, the request's own filter and sort are ignored, as the platform ignores them.
 */
import * as valibot from 'valibot';
import type { FilterAndSort, ParsedQuery } from '../query/query.js';
import { parseFilterAndSort } from '../query/query.js';
import { decodeCursor } from '../query/cursor.js';
import { fieldError, validationError } from '../http/errors.js';
import type { FieldViolation } from '../http/errors.js';
import { int, obj, optional, str, violationsOf } from '../http/schema.js';

/** Orders a page holds by default, and at most. */
export const ORDER_PAGE_LIMIT = 100;

const ALIASES: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

/** The platform's default order: newest first. */
const NEWEST_FIRST: ParsedQuery['sort'] = [{ fieldName: 'createdDate', order: 'DESC' }];

// A limit of 0 is refused, as the catalog's: a page of no orders cannot move a cursor on, and
// answering one with the same cursor made a client that follows cursors walk forever.
const pagingSchema = obj({
  limit: optional(int({ min: 1, max: ORDER_PAGE_LIMIT })),
  cursor: optional(str({ max: 8000 })),
});

const notACursor = () =>
  fieldError('search.cursorPaging.cursor', 'is not a cursor of this search', 'FORMAT');

/** A compiled order search. */
export interface OrderSearch extends FilterAndSort {
  limit: number;
  offset: number;
  /** The filter and sort as sent, for the next page's cursor. */
  filter: unknown;
  sortAsSent: unknown;
}

/**
 * Validates and compiles a search body.
 * @throws {ApiError} 400 naming every bad field.
 */
export function parseOrderSearch(body: Record<string, unknown>): OrderSearch {
  const v: FieldViolation[] = [];
  for (const key of Object.keys(body))
    if (key !== 'search')
      v.push({
        field: key,
        description: 'is not a known field',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
  const search = body.search ?? {};
  if (typeof search !== 'object' || search === null || Array.isArray(search))
    throw fieldError('search', 'must be an object', 'VALIDATION');
  const raw = search as Record<string, unknown>;
  const paging = valibot.safeParse(pagingSchema, raw.cursorPaging ?? {}, { abortPipeEarly: true });
  if (!paging.success) throw validationError(violationsOf(paging.issues, 'search.cursorPaging'));
  const { cursor: given, limit = ORDER_PAGE_LIMIT } = paging.output;
  const cursor = given !== undefined && given !== '' ? decodeCursor(given, notACursor) : undefined;
  // A cursor carries its search; the request's filter and sort are not read then.
  const compiled = parseFilterAndSort(raw, 'search', ALIASES, ['cursorPaging'], v);
  const { predicate, sort } = cursor
    ? parseFilterAndSort({ filter: cursor.filter, sort: cursor.sort }, 'search', ALIASES, [], v)
    : compiled;
  if (v.length > 0) throw validationError(v);
  return {
    predicate,
    sort: sort.length > 0 ? sort : NEWEST_FIRST,
    limit,
    offset: cursor?.offset ?? 0,
    filter: cursor ? cursor.filter : raw.filter,
    sortAsSent: cursor ? cursor.sort : raw.sort,
  };
}
