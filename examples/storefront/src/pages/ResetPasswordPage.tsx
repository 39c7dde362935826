/**
 * Choose a new password with the token of the reset email's link
 * (`/account/reset-password?token=…`). Hook: `usePasswordReset` (`recover`).
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { usePasswordReset } from '@vitrine/react';
import { EmptyState, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { TextField } from '@vitrine/shop-ui/components/TextField';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link, useLocation } from '../router';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';
import { PasswordChanged } from './PasswordChangedPage';

export function ResetPasswordPage(): ReactNode {
  usePageTitle('Choose a new password');
  const location = useLocation();
  // Read once, then taken out of the address bar (and so out of the history and of any address
  // the shopper copies), as the SDK does with a sign-in's code and state.
  const [token] = useState(() => location.search.get('token') ?? '');
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
  const { recover } = usePasswordReset();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  if (token === '') {
    return (
      <div className="container">
        <EmptyState icon="mail" title="This page needs the link from your email">
          <p>Ask for a reset link and open it from your email.</p>
          <Link className="button" to={paths.forgotPassword()}>
            Send me a link
          </Link>
        </EmptyState>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    recover.mutate({ recoveryToken: token, password });
  };

  return (
    <AuthCard>
      <h1>Choose a new password</h1>
      {recover.isSuccess ? (
        <PasswordChanged />
      ) : (
        <>
          {recover.error ? <ErrorMessage error={recover.error} /> : null}
          {recover.error ? (
            <p>
              <Link to={paths.forgotPassword()}>Send me a new link</Link>
            </p>
          ) : null}
          <form onSubmit={submit} noValidate>
            <TextField
              label="New password"
              type="password"
              name="new-password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              label="Repeat the new password"
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              required
              value={confirm}
              error={mismatch ? 'The two passwords are not the same.' : undefined}
              onChange={(event) => setConfirm(event.target.value)}
            />
            <button
              type="submit"
              className="button button--block"
              disabled={recover.isPending || password === '' || confirm === ''}
            >
              {recover.isPending ? <Spinner /> : null}
              Save new password
            </button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
