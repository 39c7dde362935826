/**
 * Sessions this server signed out, remembered until their access token would have expired: the
 * session cookie is the server's only record of a session, so a copy of it kept from before a
 * sign-out would otherwise still be vouched for (`/_vitrine/session` answering its dead access
 * token with the role "member", the proxy keeping it). Each server process remembers its own
 * sign-outs; past its access token's life, a copy fails at the platform (its refresh token died
 * with the sign-out).
 */

// The most sessions remembered at once: the oldest is forgotten first past it.
const MAX_ENDED = 10_000;

// Identity → until when (ms since the epoch) its tokens could still be presented.
const ended = new Map<string, number>();

/** Remembers that the session of `identity`, whose access token lives `until` (ms), has ended. */
export function rememberEnded(identity: string, until: number, now = Date.now()): void {
  if (until <= now) return;
  ended.delete(identity);
  ended.set(identity, until);
  for (const [oldest] of ended) {
    if (ended.size <= MAX_ENDED) break;
    ended.delete(oldest);
  }
}

/** Whether the session of `identity` was signed out here (and could still be presented). */
export function hasEnded(identity: string | undefined, now = Date.now()): boolean {
  if (identity === undefined) return false;
  const until = ended.get(identity);
  if (until === undefined) return false;
  if (until > now) return true;
  ended.delete(identity);
  return false;
}
