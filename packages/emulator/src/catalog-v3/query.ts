/**
 * Catalog V3's query and search requests: `{filter?, sort?, cursorPaging?: {limit, cursor}}`
 * (search adds a free-text `search` and `aggregations`), each call with its own filterable and
 * sortable fields (platform-wire-v3.md "Filter and sort support"), answered a page and its
 * `pagingMetadata: {count, cursors: {next, prev}, hasNext}`. A cursor is the emulator's own
 * (query/cursor.ts): the query it continues and where the next page starts, so a next page that
 * sends only the cursor gets the same filter, sort and search.
 */
import type { FieldViolation } from '../http/errors.js';
import { fieldError, validationError } from '../http/errors.js';
import { decodeCursor, encodeCursor } from '../query/cursor.js';
import { isObject } from '../query/filter.js';
import type { FilterAndSort } from '../query/query.js';
import { DEFAULT_LIMIT, parseFilterAndSort } from '../query/query.js';
import { runQuery } from '../query/run.js';
import type { SearchDetails } from './text-search.js';
import { checkSearch, matchesSearch } from './text-search.js';

/** Which fields a call filters and sorts on. */
export interface QuerySpec {
  /** Field → the operators it takes (`'*'`: all). */
  filterable: Readonly<Record<string, readonly string[] | '*'>>;
  /** Prefixes of filterable fields (`options.`) → the operators they take. */
  filterablePrefixes?: Readonly<Record<string, readonly string[] | '*'>>;
  sortable: ReadonlySet<string>;
  /** The largest page. */
  maxLimit: number;
  /** Fields whose wire values are decimal strings, compared as numbers. */
  numeric?: ReadonlySet<string>;
  /** Field names the official client renames (`_id`) and what they stand for. */
  aliases?: Readonly<Record<string, string>>;
  /** The fields free-text search reads when the request names none. */
  searchFields?: readonly string[];
}

/** A checked query, ready to run over the call's documents. */
export interface V3Query {
  compiled: FilterAndSort;
  search: SearchDetails | undefined;
  limit: number;
  offset: number;
  /** What a cursor of the next page carries. */
  carried: { filter: unknown; sort: unknown; search: unknown };
}

const ALIASES: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

function allowedOps(spec: QuerySpec, field: string): readonly string[] | '*' | undefined {
  if (Object.hasOwn(spec.filterable, field)) return spec.filterable[field];
  for (const [prefix, ops] of Object.entries(spec.filterablePrefixes ?? {}))
    if (field.startsWith(prefix)) return ops;
  return undefined;
}

/** Checks every field and operator of a filter against the call's spec. */
function checkFilterFields(
  filter: unknown,
  path: string,
  spec: QuerySpec,
  v: FieldViolation[],
): void {
  if (!isObject(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (Array.isArray(value))
        value.forEach((sub, i) => checkFilterFields(sub, `${path}.${key}[${i}]`, spec, v));
      continue;
    }
    if (key === '$not') {
      checkFilterFields(value, `${path}.${key}`, spec, v);
      continue;
    }
    if (key.startsWith('$')) continue;
    const field = spec.aliases?.[key] ?? ALIASES[key] ?? key;
    const ops = allowedOps(spec, field);
    if (ops === undefined) {
      v.push({
        field: `${path}.${key}`,
        description: `Field '${key}' is not declared as filterable`,
        violatedRule: 'VALIDATION',
      });
      continue;
    }
    if (ops === '*' || !isObject(value)) {
      if (ops !== '*' && !ops.includes('$eq'))
        v.push({
          field: `${path}.${key}`,
          description: `Field '${key}' takes only ${ops.join(', ')}`,
          violatedRule: 'VALIDATION',
        });
      continue;
    }
    for (const op of Object.keys(value))
      if (!ops.includes(op))
        v.push({
          field: `${path}.${key}.${op}`,
          description: `Field '${key}' takes only ${ops.join(', ')}`,
          violatedRule: 'VALIDATION',
        });
  }
}

/** The filter with decimal-string operands of numeric fields as numbers. */
function numericOperands(filter: unknown, spec: QuerySpec): unknown {
  if (Array.isArray(filter)) return filter.map((f) => numericOperands(f, spec));
  if (!isObject(filter)) return filter;
  const toNumber = (x: unknown) =>
    typeof x === 'string' && x.trim() !== '' && Number.isFinite(Number(x)) ? Number(x) : x;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (spec.numeric?.has(key)) {
      out[key] = isObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([op, x]) => [
              op,
              Array.isArray(x) ? x.map(toNumber) : toNumber(x),
            ]),
          )
        : toNumber(value);
    } else out[key] = key.startsWith('$') ? numericOperands(value, spec) : value;
  }
  return out;
}

function checkSortFields(sort: unknown, pre: string, spec: QuerySpec, v: FieldViolation[]): void {
  if (!Array.isArray(sort)) return;
  sort.forEach((item: unknown, i) => {
    if (!isObject(item) || typeof item.fieldName !== 'string') return;
    const field = spec.aliases?.[item.fieldName] ?? ALIASES[item.fieldName] ?? item.fieldName;
    if (!spec.sortable.has(field))
      v.push({
        field: `${pre}sort[${i}].fieldName`,
        description: `Field '${item.fieldName}' is not declared as sortable`,
        violatedRule: 'VALIDATION',
      });
  });
}

/**
 * Checks and compiles a V3 query or search object named `root`.
 * @param keys the object's accepted keys besides `filter`, `sort` and `cursorPaging`.
 * @throws {ApiError} 400 naming every problem; a cursor this emulator did not issue answers
 *   `<root>.cursorPaging.cursor`.
 */
export function parseV3Query(
  raw: unknown,
  root: string,
  spec: QuerySpec,
  keys: readonly string[] = [],
): V3Query {
  const request = raw ?? {};
  if (!isObject(request)) throw fieldError(root, 'must be an object', 'VALIDATION');
  const pre = root === '' ? '' : `${root}.`;
  const paging = request.cursorPaging ?? {};
  if (!isObject(paging)) throw fieldError(`${pre}cursorPaging`, 'must be an object', 'VALIDATION');
  for (const key of Object.keys(paging))
    if (key !== 'limit' && key !== 'cursor')
      throw fieldError(`${pre}cursorPaging.${key}`, 'is not a known field', 'FIELD_NOT_ALLOWED');
  const { limit, cursor } = paging;
  if (
    limit !== undefined &&
    limit !== null &&
    (typeof limit !== 'number' ||
      !Number.isSafeInteger(limit) ||
      limit < 1 ||
      limit > spec.maxLimit)
  )
    throw fieldError(
      `${pre}cursorPaging.limit`,
      `must be an integer from 1 to ${spec.maxLimit}`,
      'MAX',
    );
  let carried: V3Query['carried'] = {
    filter: request.filter,
    sort: request.sort,
    search: request.search,
  };
  let offset = 0;
  let cursorLimit: number | undefined;
  if (cursor !== undefined && cursor !== null) {
    const refusal = () =>
      fieldError(`${pre}cursorPaging.cursor`, 'is not a cursor of this call', 'FORMAT');
    if (typeof cursor !== 'string' || cursor.length > 16_000) throw refusal();
    if (
      request.filter != null ||
      request.sort != null ||
      (request.search != null && keys.includes('search'))
    )
      throw fieldError(
        `${pre}cursorPaging.cursor`,
        'cannot be sent with a filter, a sort or a search',
        'ONE_OF_ALIGNMENT',
      );
    const decoded = decodeCursor(cursor, refusal);
    carried = { filter: decoded.filter, sort: decoded.sort, search: decoded.search };
    offset = decoded.offset;
    cursorLimit = decoded.limit;
  }
  const v: FieldViolation[] = [];
  const { cursorPaging: _paging, search: _search, ...rest } = request;
  const body = { ...rest, filter: carried.filter, sort: carried.sort };
  checkFilterFields(body.filter, `${pre}filter`, spec, v);
  checkSortFields(body.sort, pre, spec, v);
  const compiled = parseFilterAndSort(
    { ...body, filter: numericOperands(body.filter, spec) },
    root,
    { ...ALIASES, ...spec.aliases },
    keys.filter((k) => k !== 'search'),
    v,
  );
  const search = keys.includes('search')
    ? checkSearch(carried.search, `${pre}search`, v)
    : undefined;
  if (v.length > 0) throw validationError(v);
  return {
    compiled: { predicate: compiled.predicate, sort: compiled.sort },
    search,
    limit: typeof limit === 'number' ? limit : (cursorLimit ?? DEFAULT_LIMIT),
    offset,
    carried,
  };
}

/** `pagingMetadata` and a page of `items` (documents of the call), run through `query`. */
export function runV3Query<T>(
  items: readonly T[],
  docOf: (item: T) => unknown,
  query: V3Query,
  searchFields: readonly string[] = [],
): { page: T[]; matched: T[]; pagingMetadata: Record<string, unknown> } {
  const docs = items.map((item) => ({ item, doc: docOf(item) }));
  const searched = query.search
    ? docs.filter((d) => matchesSearch(d.doc, query.search!, searchFields))
    : docs;
  const all = runQuery(searched, {
    predicate: (d) => query.compiled.predicate((d as { doc: unknown }).doc),
    sort: query.compiled.sort.map((s) => ({ ...s, fieldName: `doc.${s.fieldName}` })),
    limit: Number.MAX_SAFE_INTEGER,
    offset: 0,
  });
  const matched = all.items.map((d) => d.item);
  const page = matched.slice(query.offset, query.offset + query.limit);
  const end = query.offset + page.length;
  const hasNext = page.length > 0 && end < matched.length;
  const cursorAt = (offset: number) =>
    encodeCursor({ ...query.carried, offset, limit: query.limit });
  return {
    page,
    matched,
    pagingMetadata: {
      count: page.length,
      cursors: {
        next: hasNext ? cursorAt(end) : null,
        prev: query.offset > 0 ? cursorAt(Math.max(0, query.offset - query.limit)) : null,
      },
      hasNext,
    },
  };
}

/** The count of a V3 count call: `{filter?, search?}` over the call's documents. */
export function countV3(
  items: readonly unknown[],
  filter: unknown,
  search: unknown,
  spec: QuerySpec,
): number {
  const query = parseV3Query({ filter, search }, '', spec, ['search']);
  // Count's filter and search are at the request's top level.
  return runV3Query(
    items,
    (x) => x,
    { ...query, limit: Number.MAX_SAFE_INTEGER },
    spec.searchFields,
  ).matched.length;
}
