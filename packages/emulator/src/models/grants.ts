/**
 * How many token grants succeeded, by grant type, since start or the last reset: so a test can
 * assert that a new visitor costs exactly one grant (`emulator.grants()`, `GET /_emulator/stats`).
 * Kept in memory only.
 */

/** The grant types of `POST /oauth2/token`. */
export const GRANT_TYPES = [
  'anonymous',
  'refresh_token',
  'authorization_code',
  'authorized_client',
] as const;

/** One of {@link GRANT_TYPES}. */
export type GrantType = (typeof GRANT_TYPES)[number];

/** Successful grants by type. */
export type GrantCounts = Record<GrantType, number>;

/** Counts at zero. */
export function noGrants(): GrantCounts {
  return { anonymous: 0, refresh_token: 0, authorization_code: 0, authorized_client: 0 };
}
