/**
 * A request's query in the platform's query language: its filter (filter.ts), its sort by field
 * and its offset paging (platform-wire.md "Queries"), under the request's own root (`query`,
 * `search`) and field aliases.
 *
 * Queries are validated completely before running, so a bad operator answers 400 naming the
 * field (`query.filter.price.$gtx`), never a 500.
 */
import * as valibot from 'valibot';
import { fieldError } from '../http/errors.js';
import type { FieldViolation } from '../http/errors.js';
import { validationError } from '../http/errors.js';
import { int, obj, optional, violationsOf } from '../http/schema.js';
import type { Resolver } from './filter.js';
import { aliasOf, compileFilter, fieldProblem, isObject, resolvePath } from './filter.js';

/** A compiled query. */
export interface ParsedQuery {
  predicate: (item: unknown) => boolean;
  sort: { fieldName: string; order: 'ASC' | 'DESC' }[];
  limit: number;
  offset: number;
}

/** Paging defaults (spec.md §9). */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

function parseMaybeJson(value: unknown, path: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw fieldError(path, 'must be an object or a JSON string of one', 'FORMAT');
  }
}

function parseSort(raw: unknown, root: string, v: FieldViolation[]): ParsedQuery['sort'] {
  const value = parseMaybeJson(raw, `${root}.sort`);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 10) {
    v.push({
      field: `${root}.sort`,
      description: 'must be an array of at most 10 sort items',
      violatedRule: 'VALIDATION',
    });
    return [];
  }
  const out: ParsedQuery['sort'] = [];
  value.forEach((item: unknown, i) => {
    const here = `${root}.sort[${i}]`;
    if (!isObject(item)) {
      v.push({ field: here, description: 'must be an object', violatedRule: 'VALIDATION' });
      return;
    }
    // The platform's `{fieldName, order}`, or the older `{"price": "asc"}`.
    if (typeof item.fieldName === 'string') {
      const order = item.order ?? 'ASC';
      const keys = Object.keys(item).filter((k) => k !== 'fieldName' && k !== 'order');
      if (keys.length > 0)
        v.push({
          field: `${here}.${keys[0]}`,
          description: 'is not a known field',
          violatedRule: 'FIELD_NOT_ALLOWED',
        });
      if (order !== 'ASC' && order !== 'DESC') {
        v.push({
          field: `${here}.order`,
          description: 'must be one of ASC, DESC',
          violatedRule: 'INVALID_ENUM_VALUE',
        });
        return;
      }
      const problem = fieldProblem(item.fieldName);
      if (problem !== undefined) {
        v.push({ field: `${here}.fieldName`, description: problem, violatedRule: 'FORMAT' });
        return;
      }
      out.push({ fieldName: item.fieldName, order });
      return;
    }
    const entries = Object.entries(item);
    const [first] = entries;
    if (
      entries.length !== 1 ||
      !first ||
      typeof first[1] !== 'string' ||
      !['asc', 'desc'].includes(first[1].toLowerCase()) ||
      fieldProblem(first[0]) !== undefined
    ) {
      v.push({
        field: `${here}.fieldName`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
      return;
    }
    out.push({ fieldName: first[0], order: first[1].toUpperCase() as 'ASC' | 'DESC' });
  });
  return out;
}

const pagingSchema = obj({
  limit: optional(int({ min: 1, max: MAX_LIMIT })),
  offset: optional(int({ min: 0, max: 1_000_000 })),
});

function parsePaging(raw: unknown, v: FieldViolation[]): { limit: number; offset: number } {
  const result = valibot.safeParse(pagingSchema, raw ?? {}, { abortPipeEarly: true });
  if (!result.success) {
    v.push(...violationsOf(result.issues, 'query.paging'));
    return { limit: DEFAULT_LIMIT, offset: 0 };
  }
  return { limit: result.output.limit ?? DEFAULT_LIMIT, offset: result.output.offset ?? 0 };
}

/** A compiled filter and sort, without paging. */
export type FilterAndSort = Pick<ParsedQuery, 'predicate' | 'sort'>;

/**
 * Validates and compiles the `filter` and `sort` of a request object named `root` (`query`,
 * `search`), pushing each problem to `v` with its field path.
 * @param aliases field names rewritten before resolution (`price` → `priceData.price`).
 * @param keys the object's other accepted keys (paging…), refused when not listed.
 */
export function parseFilterAndSort(
  raw: unknown,
  root: string,
  aliases: Readonly<Record<string, string>>,
  keys: readonly string[],
  v: FieldViolation[],
): FilterAndSort & { request: Record<string, unknown> } {
  const request = raw ?? {};
  if (!isObject(request)) throw fieldError(root || 'body', 'must be an object', 'VALIDATION');
  // A request whose filter is at its top level (a count call) has no root.
  const at = (name: string) => (root === '' ? name : `${root}.${name}`);
  for (const key of Object.keys(request)) {
    if (!['filter', 'sort', ...keys].includes(key)) {
      v.push({
        field: at(key),
        description: 'is not a known field',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
    }
  }
  const resolve: Resolver = (item, field) => resolvePath(item, aliasOf(aliases, field));
  const rawFilter = parseMaybeJson(request.filter, at('filter'));
  const predicate =
    rawFilter === undefined || rawFilter === null
      ? () => true
      : compileFilter(rawFilter, at('filter'), resolve, v, 0);
  const sort = parseSort(request.sort, root, v).map((s) => ({
    ...s,
    fieldName: aliasOf(aliases, s.fieldName),
  }));
  return { predicate, sort, request };
}

/**
 * Validates and compiles a request's `query` (`{filter?, sort?, paging?}`).
 * @param aliases field names rewritten before resolution (`price` → `priceData.price`).
 * @throws {ApiError} 400 listing every problem.
 */
export function parseQuery(
  rawQuery: unknown,
  aliases: Readonly<Record<string, string>> = {},
): ParsedQuery {
  const v: FieldViolation[] = [];
  const { predicate, sort, request } = parseFilterAndSort(
    rawQuery,
    'query',
    aliases,
    ['paging', 'fields', 'fieldsets'],
    v,
  );
  const { limit, offset } = parsePaging(request.paging, v);
  if (v.length > 0) throw validationError(v);
  return { predicate, sort, limit, offset };
}
