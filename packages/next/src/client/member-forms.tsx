'use client';
/**
 * Signing in with a password and signing out: forms posting to `@vitrine/next`'s server actions,
 * with or without scripts. The session goes into the HttpOnly cookie on the server; the page's
 * islands then follow the new shopper.
 */
import { useActionState, type FormHTMLAttributes, type ReactNode } from 'react';
import { signIn, signOut } from '../actions/member.js';
import { IDLE, type FormState } from '../shared/form-state.js';

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'children'>;

/**
 * Signs a member in with `email` and `password` fields (the shop's, inside), then goes to
 * `returnTo`. The children get the form's state: show `state.message` when `state.status` is
 * `error`, and `pending` on the button.
 *
 * @example
 * <SignInForm returnTo="/account">
 *   {(state, pending) => (<>
 *     <input name="email" type="email" autoComplete="email" required />
 *     <input name="password" type="password" autoComplete="current-password" required />
 *     {state.status === 'error' ? <p role="alert">{state.message}</p> : null}
 *     <button disabled={pending}>Sign in</button>
 *   </>)}
 * </SignInForm>
 */
export function SignInForm({
  returnTo,
  children,
  ...props
}: FormProps & {
  returnTo: string;
  children: (state: FormState, pending: boolean) => ReactNode;
}): ReactNode {
  const [state, action, pending] = useActionState(signIn, IDLE);
  return (
    <form {...props} action={action}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {children(state, pending)}
    </form>
  );
}

/**
 * Signs the shopper out, here and on the store's hosted page, which comes back to `returnTo` (a
 * path of the shop registered for the client id). A submit button inside.
 */
export function SignOutForm({
  returnTo = '/',
  children,
  ...props
}: FormProps & { returnTo?: string; children: ReactNode }): ReactNode {
  return (
    <form {...props} action={signOut}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
    </form>
  );
}
