'use client';
/** The controls of a product's options (drop-downs and colour swatches) and custom text fields. */
import { useId, type ReactNode } from 'react';
import type { Product, ProductOption } from '@vitrine/sdk';

/** The options a shopper picks from (those with choices). */
export function pickableOptions(product: Product): (ProductOption & { name: string })[] {
  return (product.productOptions ?? []).filter(
    (option): option is ProductOption & { name: string } =>
      option.name !== undefined && (option.choices?.length ?? 0) > 0,
  );
}

/** One option: colour swatches (radio buttons) or a drop-down. */
export function OptionPicker({
  option,
  value,
  invalid,
  refCallback,
  onChange,
}: {
  option: ProductOption & { name: string };
  value: string | undefined;
  invalid: boolean;
  refCallback: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  const choices = (option.choices ?? []).filter((choice) => choice.visible !== false);
  const error = invalid ? (
    <p id={errorId} className="cart-line__error" role="alert">
      Please choose a {option.name.toLowerCase()}.
    </p>
  ) : null;

  if (option.optionType === 'color') {
    return (
      <fieldset className="option-group" aria-describedby={invalid ? errorId : undefined}>
        <legend>
          {option.name}
          {value ? <span className="option-group__chosen">: {value}</span> : null}
        </legend>
        <div className="swatches">
          {choices.map((choice, index) => {
            const label = choice.description ?? choice.value ?? '';
            return (
              <label className="swatch" key={label} title={label}>
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={label}
                  checked={value === label}
                  onChange={() => onChange(label)}
                  ref={index === 0 ? refCallback : undefined}
                  aria-label={`${label}${choice.inStock === false ? ' (sold out)' : ''}`}
                />
                <span
                  className="swatch__dot"
                  style={{ background: isColor(choice.value) ? choice.value : '#ccc' }}
                />
              </label>
            );
          })}
        </div>
        {error}
      </fieldset>
    );
  }

  return (
    <div className="field">
      <label htmlFor={id}>{option.name}</label>
      <select
        id={id}
        ref={refCallback}
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        <option value="" disabled>
          Choose a {option.name.toLowerCase()}
        </option>
        {choices.map((choice) => {
          const label = choice.description ?? choice.value ?? '';
          return (
            <option key={label} value={label}>
              {label}
              {choice.inStock === false ? ' (sold out)' : ''}
            </option>
          );
        })}
      </select>
      {error}
    </div>
  );
}

/** A custom text field of the product (a gift message). */
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

function isColor(value: string | undefined): value is string {
  return value !== undefined && /^#[0-9a-f]{3,8}$/i.test(value);
}
