/** Running a compiled query over a list: filter, sort (stable, missing values last), then page. */
import { compare, resolvePath } from './filter.js';
import type { ParsedQuery } from './query.js';

function sortValue(item: unknown, field: string): unknown {
  return resolvePath(item, field)[0];
}

/** Filters, sorts and pages `items`; `total` counts every match. */
export function runQuery<T>(
  items: readonly T[],
  query: ParsedQuery,
): { items: T[]; total: number } {
  const matched = items.filter((item) => query.predicate(item));
  if (query.sort.length > 0) {
    const keyed = matched.map((item, index) => ({ item, index }));
    keyed.sort((a, b) => {
      for (const { fieldName, order } of query.sort) {
        const x = sortValue(a.item, fieldName);
        const y = sortValue(b.item, fieldName);
        if (x === y) continue;
        if (x === undefined || x === null) return 1;
        if (y === undefined || y === null) return -1;
        const c = compare(x, y) ?? JSON.stringify(x).localeCompare(JSON.stringify(y));
        if (c !== 0) return order === 'ASC' ? c : -c;
      }
      return a.index - b.index;
    });
    matched.splice(0, matched.length, ...keyed.map((k) => k.item));
  }
  return { items: matched.slice(query.offset, query.offset + query.limit), total: matched.length };
}
