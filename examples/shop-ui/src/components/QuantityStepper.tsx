'use client';
/** A quantity control: − and + buttons around a number field, all labelled. */
import { useEffect, useId, useState, type ReactNode } from 'react';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for the labels ("Classic Crew Tee"). */
  itemName: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  /** Show the label above the control (the cart lines keep it for screen readers only). */
  showLabel?: boolean;
  /** The number field's name, so a form post carries the quantity. */
  name?: string;
}

/**
 * The stepper: − and + change the quantity at once; a typed number is committed on blur or Enter,
 * clamped to `min`…`max` (1…99 unless given).
 */
export function QuantityStepper({
  value,
  onChange,
  itemName,
  min = 1,
  max = 99,
  disabled = false,
  showLabel = false,
  name,
}: QuantityStepperProps): ReactNode {
  const id = useId();
  // What the shopper is typing; committed on blur or Enter, so "1" on the way to "12" is not sent.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = () => {
    const parsed = Number.parseInt(draft, 10);
    if (!Number.isFinite(parsed)) {
      setDraft(String(value));
      return;
    }
    const clamped = Math.min(max, Math.max(min, parsed));
    setDraft(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  return (
    <div className="field">
      <label htmlFor={id} className={showLabel ? 'label' : 'visually-hidden'}>
        Quantity of {itemName}
      </label>
      <div className="stepper">
        <button
          type="button"
          aria-label={`Decrease quantity of ${itemName}`}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          aria-label={`Increase quantity of ${itemName}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
