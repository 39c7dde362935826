/** The site footer. */
import type { ReactNode } from 'react';
import { paths } from '../paths';
import { Link } from '../router';

export function Footer(): ReactNode {
  return (
    <footer className="site-footer">
      <div className="container site-footer__row">
        <p>
          Vitrine is an example storefront built with <code>@vitrine/react</code>. No real money
          changes hands.
        </p>
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to={paths.shop()}>Shop all</Link>
            </li>
            <li>
              <Link to={paths.cart()}>Cart</Link>
            </li>
            <li>
              <Link to={paths.account()}>Account</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
