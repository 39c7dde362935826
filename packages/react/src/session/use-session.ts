'use client';
import type { AuthState } from '@vitrine/sdk';
import { useRequiredClient, useServerStates } from '../context.js';
import { useSelectedState } from '../internal/use-selected-state.js';

const whole = (state: AuthState): AuthState => state;

/**
 * The shopper's session: role (`none`, `visitor`, `member`), whether a member is signed in,
 * where a sign-in stands (`loginState`), what the auth layer is busy with, and its last error.
 * With a selector, the component re-renders only when the selected part changes.
 *
 * @example
 * const { isLoggedIn, status } = useSession();
 * const role = useSession((session) => session.role);
 * @throws {MissingStoreProviderError} outside a `<StoreProvider>`.
 */
export function useSession(): AuthState;
export function useSession<T>(selector: (session: AuthState) => T): T;
export function useSession<T>(selector?: (session: AuthState) => T): T | AuthState {
  const client = useRequiredClient('useSession');
  const { session } = useServerStates();
  return useSelectedState<AuthState, T | AuthState>(
    client.auth,
    selector ?? whole,
    () => session ?? client.auth.getState(),
  );
}
