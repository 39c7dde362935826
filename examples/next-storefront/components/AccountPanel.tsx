'use client';
/**
 * The kit's account panel: who is signed in (their name and email, read by the server from their
 * member record), their cart, sign-out (a form posting to `@vitrine/next`'s server action: with or
 * without scripts), and below it what the page rendered on the server (the member's orders). A
 * visitor gets a sign-in prompt. Hooks: `useSession`, `useCart`.
 */
import type { ReactNode } from 'react';
import { SignOutForm, useCart } from '@vitrine/next/client';
import {
  AccountPanel as KitAccountPanel,
  type AccountMember,
} from '@vitrine/shop-ui/components/AccountPanel';
import { pluralize } from '@vitrine/shop-ui/lib/format';

export type { AccountMember };

/** The panel, with the cart's count from the server's snapshot, then the live cart. */
export function AccountPanel({
  member,
  children,
}: {
  /** The signed-in member, when the server could read their record. */
  member?: AccountMember | undefined;
  /** What goes beside the member (the orders). */
  children?: ReactNode;
}): ReactNode {
  const itemCount = useCart((state) => state.itemCount);
  return (
    <KitAccountPanel
      member={member}
      cart={<p>Your cart has {pluralize(itemCount, 'item')}.</p>}
      signOut={
        <SignOutForm returnTo="/">
          <button type="submit" className="button button--secondary button--block">
            Sign out
          </button>
        </SignOutForm>
      }
    >
      {children}
    </KitAccountPanel>
  );
}
