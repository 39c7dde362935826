/**
 * Tokens as values: read from untrusted data (storage, a cookie, an argument), copied frozen,
 * compared, and the role they give.
 */
import { isJsonObject } from '../../internal/json.js';
import type { TokenRole, Tokens } from '../../models/tokens.js';

/** The role tokens give: `none` without tokens, else the refresh token's role. */
export function roleOf(tokens: Tokens | undefined): TokenRole {
  return tokens === undefined ? 'none' : tokens.refreshToken.role;
}

/** A frozen copy, so no caller ever holds a mutable object the store also holds. */
export function copyTokens(tokens: Tokens): Tokens {
  return Object.freeze({
    accessToken: Object.freeze({
      value: tokens.accessToken.value,
      expiresAt: tokens.accessToken.expiresAt,
    }),
    refreshToken: Object.freeze({
      value: tokens.refreshToken.value,
      role: tokens.refreshToken.role,
    }),
  });
}

/**
 * Reads tokens from untrusted data (storage, a cookie, an argument): non-empty strings, a finite
 * expiry and a role of `visitor` or `member`. Anything else is `undefined`: partial or corrupt
 * data reads as no tokens.
 */
export function parseTokens(value: unknown): Tokens | undefined {
  if (!isJsonObject(value)) return undefined;
  const { accessToken, refreshToken } = value;
  if (!isJsonObject(accessToken) || !isJsonObject(refreshToken)) return undefined;
  const { value: access, expiresAt } = accessToken;
  const { value: refresh, role } = refreshToken;
  if (
    typeof access !== 'string' ||
    access === '' ||
    typeof refresh !== 'string' ||
    refresh === ''
  ) {
    return undefined;
  }
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return undefined;
  if (role !== 'visitor' && role !== 'member') return undefined;
  return copyTokens({
    accessToken: { value: access, expiresAt },
    refreshToken: { value: refresh, role },
  });
}

/** `true` when two tokens are the same, value for value. */
export function sameTokens(a: Tokens, b: Tokens): boolean {
  return (
    a.accessToken.value === b.accessToken.value &&
    a.accessToken.expiresAt === b.accessToken.expiresAt &&
    a.refreshToken.value === b.refreshToken.value &&
    a.refreshToken.role === b.refreshToken.role
  );
}
