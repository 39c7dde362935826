/**
 * Where a client keeps its tokens between page loads: one record in its storage, under
 * `vitrine:<clientId>:tokens`, with the id of the identity they belong to (tabs compare ids to
 * tell a refresh from another identity). Corrupt or partial data reads as none. A storage that
 * refuses to write keeps the tokens in memory only, and is then never read back over them.
 */
import { isJsonObject, parseJsonSafely } from '../../internal/json.js';
import type { Tokens } from '../../models/tokens.js';
import type { TokenStorage } from '../storage/types.js';
import { copyTokens, parseTokens, sameTokens } from './parse-tokens.js';

/** What storage holds for a client. */
export interface StoredRecord {
  v: 1;
  tokens: Tokens;
  identity: string;
}

/** A client's record in its storage. */
export interface StoredTokens {
  /** The record storage holds, when it is a valid one. */
  read(): StoredRecord | undefined;
  /** Writes the tokens (or removes them) under {@link identityId}, made when there is none. */
  write(tokens: Tokens | undefined): void;
  /** The id of the identity of the tokens held (`undefined` until they are written). */
  identityId: string | undefined;
  /** Tokens given when the client was built, not written yet: the first need writes them. */
  readonly unwritten: boolean;
  /** The last write failed. */
  readonly failed: boolean;
}

/** Options of {@link openStoredTokens}. */
export interface StoredTokensOptions {
  storage: TokenStorage;
  /** The storage key. */
  key: string;
  /** Tokens given when the client was built; they win over what storage holds. */
  given: Tokens | undefined;
  /** A new id for a new identity (not a secret; compared across tabs). */
  newIdentityId: () => string;
}

/** A client's record, and the tokens it starts with (given, else stored). */
export function openStoredTokens(options: StoredTokensOptions): {
  stored: StoredTokens;
  initial: Tokens | undefined;
} {
  const { storage, key } = options;
  let failed = false;

  function read(): StoredRecord | undefined {
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

  const record = read();
  const initial = options.given === undefined ? record?.tokens : copyTokens(options.given);
  const initialStored =
    initial !== undefined && record !== undefined && sameTokens(record.tokens, initial);
  // Given tokens that storage does not hold yet get their identity id and are written on first
  // need, not here: building a client reads no random value and writes nothing (server
  // pre-rendering refuses both).
  let unwritten = initial !== undefined && !initialStored;

  const stored: StoredTokens = {
    identityId: initialStored ? record.identity : undefined,
    get unwritten() {
      return unwritten;
    },
    get failed() {
      return failed;
    },
    read,
    write(tokens) {
      unwritten = false;
      try {
        if (tokens === undefined) storage.removeItem(key);
        else {
          stored.identityId ??= options.newIdentityId();
          const next: StoredRecord = { v: 1, tokens, identity: stored.identityId };
          storage.setItem(key, JSON.stringify(next));
        }
        failed = false;
      } catch {
        // A storage that refuses keeps the tokens in memory only; never read it back over them.
        failed = true;
      }
    },
  };
  return { stored, initial };
}
