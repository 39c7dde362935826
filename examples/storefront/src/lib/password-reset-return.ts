/**
 * The store's hosted reset page (the one the reset email links to) returns to a registered
 * address with nothing in it, as the hosted checkout does. When the shopper asks for a reset
 * link, the storefront notes it in `localStorage` (the email's link opens in a new tab of the
 * same browser), so `/callback` can tell a reset's return from any other and confirm the change.
 * Opened in another browser, the link still works; that browser just lands on the home page.
 */

const KEY = 'vitrine-storefront:password-reset';
/** As long as the emailed link works: a later return is not taken as the end of that reset. */
const MAX_AGE_MS = 60 * 60 * 1000;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Notes that a reset link is on its way to the shopper. */
export function notePasswordResetRequested(now = Date.now()): void {
  try {
    storage()?.setItem(KEY, String(now));
  } catch {
    // Storage refused: the return then lands on the home page.
  }
}

/**
 * Whether this browser asked for a reset link recently; forgets it, so the note confirms one
 * return only.
 */
export function takePasswordResetReturn(now = Date.now()): boolean {
  const requestedAt = Number(storage()?.getItem(KEY));
  storage()?.removeItem(KEY);
  return Number.isFinite(requestedAt) && requestedAt > 0 && now - requestedAt <= MAX_AGE_MS;
}
