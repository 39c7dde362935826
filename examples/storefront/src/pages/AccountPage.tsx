/**
 * The member's account (the kit's `AccountPanel`): who is signed in (name and email from the
 * platform's member record), their cart, their past orders, and sign-out. Hooks: `useSession`,
 * `useMember`, `useCart`, `useLogout`, and those of `OrderHistory`.
 */
import type { ReactNode } from 'react';
import { useCart, useLogout, useMember } from '@vitrine/react';
import { AccountPanel } from '@vitrine/shop-ui/components/AccountPanel';
import { LogoutButton } from '@vitrine/shop-ui/components/LogoutButton';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { memberName } from '@vitrine/shop-ui/lib/member';
import { OrderHistory } from '../components/OrderHistory';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function AccountPage(): ReactNode {
  usePageTitle('Your account');
  // Known once the cart has been read: no count is shown before.
  const itemCount = useCart((state) => (state.status === 'ready' ? state.itemCount : undefined));
  const member = useMember({ fieldsets: ['FULL'] });
  const record = member.data;
  const logout = useLogout();

  return (
    <AccountPanel
      member={record ? { name: memberName(record), email: record.loginEmail } : undefined}
      memberError={member.error}
      signUpHref={paths.signUp()}
      signOut={<LogoutButton logout={logout} />}
      signingOut={logout.isPending || logout.isSuccess}
      cart={
        <p>
          {itemCount === undefined
            ? 'Looking up your cart…'
            : `Your cart has ${pluralize(itemCount, 'item')}.`}{' '}
          <Link to={paths.cart()}>View your cart</Link>
        </p>
      }
    >
      <OrderHistory />
    </AccountPanel>
  );
}
