/**
 * Where a client keeps its tokens between page loads: one record in its storage, with the id of
 * the identity they belong to (tabs compare ids to tell a refresh from another identity).
 * Corrupt or partial data reads as none.
 */
import { isJsonObject, parseJsonSafely } from '../../internal/json.js';
import type { Tokens } from '../../models/tokens.js';
import type { TokenStorage } from '../storage/types.js';
import { parseTokens } from './parse-tokens.js';

/** What storage holds for a client. */
export interface StoredRecord {
  v: 1;
  tokens: Tokens;
  identity: string;
}

/** The record `storage` holds under `key`, when it is a valid one. */
export function readTokenRecord(storage: TokenStorage, key: string): StoredRecord | undefined {
  let text: string | null | undefined;
  try {
    text = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (typeof text !== 'string') return undefined;
  const parsed = parseJsonSafely(text);
  if (!isJsonObject(parsed) || parsed.v !== 1 || typeof parsed.identity !== 'string') {
    return undefined;
  }
  const tokens = parseTokens(parsed.tokens);
  return tokens === undefined ? undefined : { v: 1, tokens, identity: parsed.identity };
}

/** Writes `record` under `key`, or removes what is there; `false` when the storage refused. */
export function writeTokenRecord(
  storage: TokenStorage,
  key: string,
  record: StoredRecord | undefined,
): boolean {
  try {
    if (record === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}
