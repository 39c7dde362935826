/** The centred card every account page (sign-in, sign-up, password reset, account) sits in. */
import type { ReactNode } from 'react';

/** `children` in the card, centred in the page. */
export function AuthCard({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className="container">
      <div className="auth-card">{children}</div>
    </div>
  );
}
