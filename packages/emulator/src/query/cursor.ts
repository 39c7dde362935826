/**
 * Cursors of cursor paging (catalog queries' `cursorPaging`, the order search's): what a page
 * answers as `cursors.next` and takes back as `cursorPaging.cursor`. A cursor is the query that
 * issued it (its filter and sort, as sent) and the offset where the next page starts, as
 * base64url JSON. One coming back is checked before anything reads it: the alphabet, a JSON
 * object within the JSON limits, no other fields, a whole offset of 0 or more. Its filter and
 * sort are then checked as any query's are, by the caller.
 */
import type { ApiError } from '../http/errors.js';
import { checkJsonLimits } from '../http/json-limits.js';

/** What a cursor stands for. */
export interface Cursor {
  /** The issuing query's filter, as sent. */
  filter?: unknown;
  /** The issuing query's sort, as sent. */
  sort?: unknown;
  /** Where the next page starts. */
  offset: number;
  /** The issuing search's free-text part (Catalog V3 search calls), as sent. */
  search?: unknown;
  /** The issuing page's size, for a next page that does not say (Catalog V3 calls). */
  limit?: number;
}

/** The cursor text of `cursor` (its fields in the order given). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

const FIELDS = new Set(['filter', 'sort', 'offset', 'search', 'limit']);

/**
 * The cursor `text` stands for.
 * @param refusal the error of a text that is not a cursor this emulator issued (it names the
 *   request's cursor field).
 * @throws {ApiError} `refusal()`.
 */
export function decodeCursor(text: string, refusal: () => ApiError): Cursor {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw refusal();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refusal();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refusal();
  try {
    checkJsonLimits(value, 'cursor');
  } catch {
    throw refusal();
  }
  const fields = value as Record<string, unknown>;
  if (Object.keys(fields).some((key) => !FIELDS.has(key))) throw refusal();
  const { offset, filter, sort, search, limit } = fields;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) throw refusal();
  if (
    limit !== undefined &&
    (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1)
  )
    throw refusal();
  return {
    filter,
    sort,
    offset,
    ...(search !== undefined ? { search } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}
