'use client';
/**
 * "Sign out" through the hooks (the Vite shop's): through the store's sign-out page, back home as
 * a new visitor. Hook: `useLogout`.
 */
import type { ReactNode } from 'react';
import type { useLogout } from '@vitrine/react';
import { returnUrls } from '../lib/paths';
import { ErrorMessage, Spinner } from './Feedback';

/** The button, with its mutation's error under it. */
export function LogoutButton({
  logout,
}: {
  /** The page's `useLogout()`, so the account panel knows a sign-out is under way. */
  logout: ReturnType<typeof useLogout>;
}): ReactNode {
  const leaving = logout.isPending || logout.isSuccess;
  return (
    <>
      {logout.error ? <ErrorMessage error={logout.error} /> : null}
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={leaving}
        onClick={() => logout.mutate(returnUrls().home)}
      >
        {leaving ? <Spinner /> : null}
        Sign out
      </button>
    </>
  );
}
