/**
 * What a client is busy with, for `store.auth.getState().status`: renewing tokens, signing in,
 * signing out. Several of each may run at once; a sign-in shows over a sign-out, which shows
 * over a renewal.
 */
import type { AuthStatus } from '../../models/auth.js';

/** Runs work while the status shows it. */
export type TrackBusy = <T>(
  status: Exclude<AuthStatus, 'idle'>,
  work: () => Promise<T>,
) => Promise<T>;

/** Counts what is under way; `show` receives the status each time it may have changed. */
export function createBusyStatus(show: (status: AuthStatus) => void): TrackBusy {
  const busy: Record<Exclude<AuthStatus, 'idle'>, number> = {
    renewing: 0,
    'signing-in': 0,
    'signing-out': 0,
  };
  const statusNow = (): AuthStatus => {
    if (busy['signing-in'] > 0) return 'signing-in';
    if (busy['signing-out'] > 0) return 'signing-out';
    if (busy.renewing > 0) return 'renewing';
    return 'idle';
  };
  return async (status, work) => {
    busy[status]++;
    show(statusNow());
    try {
      return await work();
    } finally {
      busy[status]--;
      show(statusNow());
    }
  };
}
