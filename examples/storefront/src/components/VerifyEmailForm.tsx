/**
 * The second step of a sign-up or sign-in that needs the emailed code. Hook: `useVerifyEmail`.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useVerifyEmail } from '@vitrine/react';
import { errorMessage, loginResultMessage } from '@vitrine/shop-ui/lib/errors';
import { emulatorOutboxUrl } from '../store';
import { Alert, Spinner } from '@vitrine/shop-ui/components/Feedback';
import { TextField } from '@vitrine/shop-ui/components/TextField';

export function VerifyEmailForm({
  email,
  onVerified,
}: {
  email: string;
  onVerified: () => void;
}): ReactNode {
  const verify = useVerifyEmail();
  const [code, setCode] = useState('');
  const result = verify.data;
  const outbox = emulatorOutboxUrl();

  useEffect(() => {
    if (result?.loginState === 'SUCCESS') onVerified();
  }, [result, onVerified]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (trimmed !== '') verify.mutate({ code: trimmed });
  };

  const failure = verify.error ? errorMessage(verify.error) : loginResultMessage(result, 'verify');
  return (
    <form onSubmit={submit} noValidate>
      <h2>Check your email</h2>
      <p className="auth-card__lead">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below to confirm it is you.
      </p>
      {outbox ? (
        <p className="field__hint">
          Using the local emulator? Its emails are in the{' '}
          <a href={outbox} target="_blank" rel="noreferrer">
            outbox
          </a>
          .
        </p>
      ) : null}
      {failure ? (
        <Alert tone="error">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {result?.loginState === 'OWNER_APPROVAL_REQUIRED' ? (
        <Alert tone="info">
          <p>Thanks! The store owner will approve your account shortly.</p>
        </Alert>
      ) : null}
      <TextField
        label="Verification code"
        name="code"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button button--block" disabled={verify.isPending}>
        {verify.isPending ? <Spinner /> : null}
        Verify and continue
      </button>
    </form>
  );
}
