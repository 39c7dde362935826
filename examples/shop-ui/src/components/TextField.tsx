'use client';
/** A labelled text input with an optional hint and error, wired for screen readers. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** The field: its label above, the hint and the error below, all tied to the input. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps): ReactNode {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <input
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <span id={errorId} className="cart-line__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The email field of the account forms: its value, and a setter fed with what is typed. */
export function EmailField({
  value,
  onValue,
}: {
  value: string;
  onValue: (email: string) => void;
}): ReactNode {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
