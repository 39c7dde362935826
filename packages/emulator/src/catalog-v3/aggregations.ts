/**
 * Aggregations of Catalog V3 search calls (platform-wire-v3.md "Aggregations"): `VALUE` (how many
 * matches hold each value of a field), `RANGE` (how many fall in each bucket) and `SCALAR`
 * (`COUNT_DISTINCT`, `MIN`, `MAX`), over every match of the search, not only the page.
 * `DATE_HISTOGRAM` and `NESTED` are not emulated: they are refused naming the aggregation.
 */
import type { FieldViolation } from '../http/errors.js';
import { validationError } from '../http/errors.js';
import { compare, fieldProblem, isObject, resolvePath } from '../query/filter.js';

interface Aggregation {
  name: string;
  type: 'VALUE' | 'RANGE' | 'SCALAR';
  fieldPath: string;
  value?: { sortType?: string; sortDirection?: string; limit?: number };
  range?: { buckets: { from?: number; to?: number }[] };
  scalar?: { type: 'COUNT_DISTINCT' | 'MIN' | 'MAX' };
}

const KEYS = new Set(['name', 'type', 'fieldPath', 'value', 'range', 'scalar']);

function checkOne(raw: unknown, path: string, v: FieldViolation[]): Aggregation | undefined {
  const bad = (field: string, description: string) => {
    v.push({ field: `${path}${field}`, description, violatedRule: 'VALIDATION' });
    return undefined;
  };
  if (!isObject(raw)) return bad('', 'must be an object');
  for (const key of Object.keys(raw))
    if (!KEYS.has(key))
      return bad(`.${key}`, 'is not a known field (DATE_HISTOGRAM and NESTED are not emulated)');
  const { name, type, fieldPath } = raw;
  if (typeof fieldPath !== 'string' || fieldProblem(fieldPath) !== undefined)
    return bad('.fieldPath', 'must be a field name');
  if (type !== 'VALUE' && type !== 'RANGE' && type !== 'SCALAR')
    return bad(
      '.type',
      'must be one of VALUE, RANGE, SCALAR (DATE_HISTOGRAM and NESTED are not emulated)',
    );
  const out: Aggregation = { name: typeof name === 'string' ? name : fieldPath, type, fieldPath };
  if (type === 'RANGE') {
    const buckets = isObject(raw.range) ? raw.range.buckets : undefined;
    if (!Array.isArray(buckets) || buckets.length === 0 || buckets.length > 50)
      return bad('.range.buckets', 'must be an array of 1 to 50 buckets');
    out.range = {
      buckets: buckets.map((b) => (isObject(b) ? { ...b } : {})),
    };
  }
  if (type === 'SCALAR') {
    const scalar = isObject(raw.scalar) ? raw.scalar.type : undefined;
    if (scalar !== 'COUNT_DISTINCT' && scalar !== 'MIN' && scalar !== 'MAX')
      return bad('.scalar.type', 'must be one of COUNT_DISTINCT, MIN, MAX');
    out.scalar = { type: scalar };
  }
  if (type === 'VALUE' && isObject(raw.value)) out.value = raw.value;
  return out;
}

/**
 * Checks a search's `aggregations`.
 * @throws {ApiError} 400 naming each bad one.
 */
export function checkAggregations(raw: unknown, path: string): Aggregation[] {
  if (raw === undefined || raw === null) return [];
  const v: FieldViolation[] = [];
  if (!Array.isArray(raw) || raw.length > 10) {
    v.push({
      field: path,
      description: 'must be an array of at most 10 aggregations',
      violatedRule: 'VALIDATION',
    });
    throw validationError(v);
  }
  const out = raw.map((a, i) => checkOne(a, `${path}[${i}]`, v));
  if (v.length > 0) throw validationError(v);
  return out.filter((a): a is Aggregation => a !== undefined);
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** `aggregationData` of the matches' documents. */
export function aggregate(docs: readonly unknown[], aggregations: readonly Aggregation[]) {
  const results = aggregations.map((a) => {
    const values = docs.map((d) =>
      resolvePath(d, a.fieldPath).filter((x) => x !== null && x !== undefined),
    );
    const base = { name: a.name, type: a.type, fieldPath: a.fieldPath };
    if (a.type === 'VALUE') {
      const counts = new Map<string, number>();
      for (const list of values)
        for (const value of new Set(list.map(String)))
          counts.set(value, (counts.get(value) ?? 0) + 1);
      const byValue = a.value?.sortType === 'VALUE';
      const desc = (a.value?.sortDirection ?? (byValue ? 'ASC' : 'DESC')) === 'DESC';
      const sorted = [...counts].sort((x, y) => {
        const c = byValue ? (compare(x[0], y[0]) ?? 0) : x[1] - y[1];
        return desc ? -c : c;
      });
      const limit = a.value?.limit ?? 10;
      return {
        ...base,
        values: { results: sorted.slice(0, limit).map(([value, count]) => ({ value, count })) },
      };
    }
    if (a.type === 'RANGE') {
      const numbers = values.map((list) =>
        list.map(asNumber).filter((n): n is number => n !== undefined),
      );
      return {
        ...base,
        ranges: {
          results: a.range!.buckets.map((b) => ({
            ...(b.from !== undefined ? { from: b.from } : {}),
            ...(b.to !== undefined ? { to: b.to } : {}),
            count: numbers.filter((list) =>
              list.some(
                (n) => (b.from === undefined || n >= b.from) && (b.to === undefined || n < b.to),
              ),
            ).length,
          })),
        },
      };
    }
    const flat = values.flat();
    const numbers = flat.map(asNumber).filter((n): n is number => n !== undefined);
    const kind = a.scalar!.type;
    const value =
      kind === 'COUNT_DISTINCT'
        ? new Set(flat.map(String)).size
        : numbers.length === 0
          ? 0
          : kind === 'MIN'
            ? Math.min(...numbers)
            : Math.max(...numbers);
    return { ...base, scalar: { type: kind, value } };
  });
  return { results };
}
