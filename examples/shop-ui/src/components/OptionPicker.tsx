'use client';
/**
 * One option of a product ("Size", "Color"), a `StorefrontOption` of either catalog: colour
 * swatches or a drop-down. Each choice shows, to the eye and to screen readers, what the other
 * options chosen so far make of it: sold out, or not sold at all.
 */
import { useId, type ReactNode } from 'react';
import type { ChoiceAvailability, StorefrontChoice, StorefrontOption } from '@vitrine/sdk';

/** A choice the shopper can pick, with what picking it would lead to. */
export interface PickableChoice {
  /** The choice's name: what the shopper reads, and the value a selection holds. */
  label: string;
  /** For colour swatches: the CSS colour. */
  value: string | undefined;
  availability: ChoiceAvailability;
}

export interface OptionPickerProps {
  option: Pick<StorefrontOption, 'name' | 'kind'>;
  choices: readonly PickableChoice[];
  value: string | undefined;
  /** The shopper tried to add to cart without choosing this option. */
  invalid: boolean;
  refCallback: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
  /** The form field's name, so a form post carries the choice (`option.Size`). */
  name?: string;
}

const NOTE: Record<ChoiceAvailability, string> = {
  available: '',
  'sold-out': ' (sold out)',
  unavailable: ' (not available)',
};

/** The choices of an option that are shown, with their availability. */
export function pickableChoices(
  option: Pick<StorefrontOption, 'choices'>,
  availabilityOf: (choice: StorefrontChoice) => ChoiceAvailability,
): PickableChoice[] {
  return option.choices
    .filter((choice) => choice.visible)
    .map((choice) => ({
      label: choice.name,
      value: choice.color,
      availability: availabilityOf(choice),
    }));
}

/** One option's choices, for the shopper to pick one. */
export function OptionPicker({
  option,
  choices,
  value,
  invalid,
  refCallback,
  onChange,
  name,
}: OptionPickerProps): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  const error = invalid ? (
    <p id={errorId} className="cart-line__error" role="alert">
      Please choose a {option.name.toLowerCase()}.
    </p>
  ) : null;

  if (option.kind === 'color') {
    return (
      <fieldset className="option-group" aria-describedby={invalid ? errorId : undefined}>
        <legend>
          {option.name}
          {value ? <span className="option-group__chosen">: {value}</span> : null}
        </legend>
        <div className="swatches">
          {choices.map((choice, index) => {
            const label = `${choice.label}${NOTE[choice.availability]}`;
            return (
              <label
                className={`swatch${choice.availability === 'available' ? '' : ' swatch--unavailable'}`}
                key={choice.label}
                title={label}
              >
                {/* Still pickable: the shopper may want it, and then reads why it cannot be added. */}
                <input
                  type="radio"
                  name={name ?? `${id}-choice`}
                  value={choice.label}
                  checked={value === choice.label}
                  onChange={() => onChange(choice.label)}
                  ref={index === 0 ? refCallback : undefined}
                  aria-label={label}
                />
                <span
                  className="swatch__dot"
                  style={{ backgroundColor: isColor(choice.value) ? choice.value : '#ccc' }}
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
        name={name}
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
        {choices.map((choice) => (
          <option key={choice.label} value={choice.label}>
            {choice.label}
            {NOTE[choice.availability]}
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}

function isColor(value: string | undefined): value is string {
  return value !== undefined && /^#[0-9a-f]{3,8}$/i.test(value);
}
