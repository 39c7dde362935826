'use client';
/** A product's custom text fields (a gift message, an engraving), added to its cart line. */
import { useId, type ReactNode } from 'react';
import type { Product } from '@vitrine/sdk';

/** Every custom text field of `product` that has a title, with the shopper's text so far. */
export function CustomTextFields({
  product,
  values,
  onChange,
  namePrefix,
}: {
  product: Pick<Product, 'customTextFields'>;
  /** Field title → the shopper's text. */
  values: Readonly<Record<string, string>>;
  onChange: (title: string, value: string) => void;
  /** Each field's form name is this and its title, so a form post carries it (`text.`). */
  namePrefix?: string;
}): ReactNode {
  return (product.customTextFields ?? []).map((field) =>
    field.title ? (
      <CustomTextInput
        key={field.title}
        title={field.title}
        maxLength={field.maxLength}
        required={field.mandatory ?? false}
        value={values[field.title] ?? ''}
        onChange={(value) => onChange(field.title ?? '', value)}
        {...(namePrefix === undefined ? {} : { name: `${namePrefix}${field.title}` })}
      />
    ) : null,
  );
}

/** One field, labelled with its title ("(optional)" when it may stay empty). */
function CustomTextInput({
  title,
  maxLength,
  required,
  value,
  onChange,
  name,
}: {
  name?: string;
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
        name={name}
        className="input"
        value={value}
        required={required}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
