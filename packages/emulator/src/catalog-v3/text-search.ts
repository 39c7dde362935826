/**
 * Free-text search of Catalog V3's search and count calls: `{expression, fields?, mode?: OR|AND,
 * fuzzy?}` (platform-wire-v3.md). The expression's words are looked for in the named fields (or
 * the call's default ones): `OR` wants one of them, `AND` all; a word matches a word of the text
 * that starts with it, and with `fuzzy` also one a single typo away.
 */
import type { FieldViolation } from '../http/errors.js';
import { isObject, resolvePath } from '../query/filter.js';

/** A checked free-text search. */
export interface SearchDetails {
  words: string[];
  fields: string[];
  mode: 'OR' | 'AND';
  fuzzy: boolean;
}

const KEYS = new Set(['expression', 'fields', 'mode', 'fuzzy']);

/** Checks a request's `search` part; `undefined` when there is none or it has no words. */
export function checkSearch(
  raw: unknown,
  path: string,
  v: FieldViolation[],
): SearchDetails | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) {
    v.push({ field: path, description: 'must be an object', violatedRule: 'VALIDATION' });
    return undefined;
  }
  for (const key of Object.keys(raw))
    if (!KEYS.has(key))
      v.push({
        field: `${path}.${key}`,
        description: 'is not a known field',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
  const { expression, fields = [], mode = 'OR', fuzzy = false } = raw;
  const bad = (field: string, description: string) =>
    v.push({ field: `${path}.${field}`, description, violatedRule: 'VALIDATION' });
  if (
    expression !== undefined &&
    expression !== null &&
    (typeof expression !== 'string' || expression.length > 100)
  )
    bad('expression', 'must be a string of at most 100 characters');
  if (
    !Array.isArray(fields) ||
    fields.length > 20 ||
    !fields.every((f) => typeof f === 'string' && f.length <= 200)
  )
    bad('fields', 'must be an array of at most 20 field names');
  if (mode !== 'OR' && mode !== 'AND') bad('mode', 'must be one of OR, AND');
  if (typeof fuzzy !== 'boolean') bad('fuzzy', 'must be a boolean');
  const words = typeof expression === 'string' ? wordsOf(expression) : [];
  if (words.length === 0) return undefined;
  return {
    words,
    fields: Array.isArray(fields) ? (fields as string[]) : [],
    mode: mode === 'AND' ? 'AND' : 'OR',
    fuzzy: fuzzy === true,
  };
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Whether two words are at most one edit apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function wordMatches(wanted: string, word: string, fuzzy: boolean): boolean {
  if (word.startsWith(wanted)) return true;
  if (!fuzzy || wanted.length < 4) return false;
  return oneEditApart(wanted, word) || oneEditApart(wanted, word.slice(0, wanted.length));
}

/** Whether a document matches a search, reading `defaults` when the search names no fields. */
export function matchesSearch(
  doc: unknown,
  search: SearchDetails,
  defaults: readonly string[],
): boolean {
  const fields = search.fields.length > 0 ? search.fields : defaults;
  const text = fields.flatMap((f) =>
    resolvePath(doc, f).flatMap((value) => (typeof value === 'string' ? wordsOf(value) : [])),
  );
  const found = (wanted: string) => text.some((word) => wordMatches(wanted, word, search.fuzzy));
  return search.mode === 'AND' ? search.words.every(found) : search.words.some(found);
}
