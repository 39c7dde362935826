'use client';
/** A custom text field of a product (a gift message, an engraving), added to its cart line. */
import { useId, type ReactNode } from 'react';

/** The field, labelled with its title ("(optional)" when it may stay empty). */
export function CustomTextInput({
  title,
  maxLength,
  required,
  value,
  onChange,
}: {
  title: string;
  maxLength: number | undefined;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {title}
        {required ? '' : ' (optional)'}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        required={required}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
