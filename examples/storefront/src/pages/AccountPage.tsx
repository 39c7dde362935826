/**
 * The member's account: who is signed in (name and email from the platform's member record),
 * their cart, their past orders, and sign-out. Hooks: `useSession`, `useMember`, `useCart`,
 * `useLogout`, and those of `OrderHistory`.
 */
import type { ReactNode } from 'react';
import { useCart, useLogout, useMember, useSession } from '@vitrine/react';
import type { Member } from '@vitrine/sdk';
import { EmptyState, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { OrderHistory } from '../components/OrderHistory';
import { pluralize } from '@vitrine/shop-ui/lib/format';
import { memberName } from '@vitrine/shop-ui/lib/member';
import { usePageTitle } from '../lib/page-title';
import { paths, returnUrls } from '../paths';
import { Link } from '../router';

export function AccountPage(): ReactNode {
  usePageTitle('Your account');
  const session = useSession();
  // Known once the cart has been read: no count is shown before.
  const itemCount = useCart((state) => (state.status === 'ready' ? state.itemCount : undefined));
  const member = useMember({ fieldsets: ['FULL'] });
  const logout = useLogout();

  if (!session.isLoggedIn && !logout.isPending && !logout.isSuccess) {
    return (
      <div className="container">
        <EmptyState icon="user" title="You are not signed in">
          <p>Sign in to keep your cart on every device and see your orders.</p>
          <p>
            <Link className="button" to={paths.signIn()}>
              Sign in
            </Link>{' '}
            <Link className="button button--secondary" to={paths.signUp()}>
              Create an account
            </Link>
          </p>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="container account">
      <div className="page-head">
        <h1>Your account</h1>
      </div>
      <div className="account__layout">
        <section className="panel account__member" aria-label="Signed in">
          <MemberCard member={member.data} />
          {member.error ? <ErrorMessage error={member.error} /> : null}
          <p>
            {itemCount === undefined
              ? 'Looking up your cart…'
              : `Your cart has ${pluralize(itemCount, 'item')}.`}{' '}
            <Link to={paths.cart()}>View your cart</Link>
          </p>
          {logout.error ? <ErrorMessage error={logout.error} /> : null}
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={logout.isPending || logout.isSuccess}
            onClick={() => logout.mutate(returnUrls().home)}
          >
            {logout.isPending || logout.isSuccess ? <Spinner /> : null}
            Sign out
          </button>
        </section>
        <OrderHistory />
      </div>
    </div>
  );
}

/** The member's name and email, once their record is read. */
function MemberCard({ member }: { member: Member | undefined }): ReactNode {
  if (!member) return <p className="account__lead">You are signed in.</p>;
  const name = memberName(member);
  return (
    <div className="account__who">
      <p className="account__name">{name}</p>
      {member.loginEmail && member.loginEmail !== name ? (
        <p className="account__email">{member.loginEmail}</p>
      ) : null}
    </div>
  );
}
