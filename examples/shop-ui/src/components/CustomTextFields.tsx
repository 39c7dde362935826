'use client';
/**
 * A product's custom text fields (a gift message, an engraving), added to its cart line: the
 * storefront model's `customFields`, keyed by each field's `key` as `storefrontLineItem`'s
 * `customText` is.
 */
import { useId, type ReactNode } from 'react';
import type { StorefrontProductDetail } from '@vitrine/sdk';

/** Every custom text field of `product` that has a title, with the shopper's text so far. */
export function CustomTextFields({
  product,
  values,
  onChange,
  namePrefix,
}: {
  product: Pick<StorefrontProductDetail, 'customFields'>;
  /** Field key (`customFields[].key`) → the shopper's text. */
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
  /** Each field's form name is this and its key, so a form post carries it (`text.`). */
  namePrefix?: string;
}): ReactNode {
  return product.customFields.map((field) =>
    field.title ? (
      <CustomTextInput
        key={field.key}
        title={field.title}
        maxLength={field.maxLength}
        required={field.mandatory}
        value={values[field.key] ?? ''}
        onChange={(value) => onChange(field.key, value)}
        {...(namePrefix === undefined ? {} : { name: `${namePrefix}${field.key}` })}
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
