/** Ask for a password-reset email. Hook: `usePasswordReset` (`sendEmail`). */
import { useState, type FormEvent, type ReactNode } from 'react';
import { usePasswordReset } from '@vitrine/react';
import { Alert, ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { EmailField } from '@vitrine/shop-ui/components/TextField';
import { notePasswordResetRequested } from '../lib/password-reset-return';
import { usePageTitle } from '../lib/page-title';
import { paths, returnUrls } from '../paths';
import { emulatorOutboxUrl } from '../store';
import { Link } from '../router';
import { AuthCard } from '@vitrine/shop-ui/components/AuthCard';

export function ForgotPasswordPage(): ReactNode {
  usePageTitle('Reset your password');
  const { sendEmail } = usePasswordReset();
  const [email, setEmail] = useState('');
  const outbox = emulatorOutboxUrl();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The email's link leads to the store's reset page, which comes back to a registered address
    // of this site: /callback, which then confirms the change (see lib/password-reset-return).
    notePasswordResetRequested();
    sendEmail.mutate({ email: email.trim(), redirectUri: returnUrls().callback });
  };

  return (
    <AuthCard>
      <h1>Reset your password</h1>
      {sendEmail.isSuccess ? (
        <>
          <Alert tone="success">
            <p>
              If an account uses <strong>{sendEmail.variables.email}</strong>, we sent it a link to
              choose a new password. The link works for one hour.
            </p>
          </Alert>
          {outbox ? (
            <p className="field__hint">
              Using the local emulator? The email is in its{' '}
              <a href={outbox} target="_blank" rel="noreferrer">
                outbox
              </a>
              . Its link opens the store&apos;s reset page, which brings you back here; or open{' '}
              <code>/account/reset-password?token=…</code> with its recovery token.
            </p>
          ) : null}
          <p>
            <Link to={paths.signIn()}>Back to sign in</Link>
          </p>
        </>
      ) : (
        <>
          <p className="auth-card__lead">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </p>
          {sendEmail.error ? <ErrorMessage error={sendEmail.error} /> : null}
          <form onSubmit={submit} noValidate>
            <EmailField value={email} onValue={setEmail} />
            <button
              type="submit"
              className="button button--block"
              disabled={sendEmail.isPending || email.trim() === ''}
            >
              {sendEmail.isPending ? <Spinner /> : null}
              Send reset link
            </button>
          </form>
          <div className="auth-links">
            <Link to={paths.signIn()}>Back to sign in</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
