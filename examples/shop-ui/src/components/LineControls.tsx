'use client';
/**
 * A cart line's quantity stepper and remove button, changing the cart through the hooks (the
 * Vite shop's). Hooks: `useUpdateLineItemQuantity`, `useRemoveLineItems`.
 */
import type { ReactNode } from 'react';
import { useRemoveLineItems, useUpdateLineItemQuantity } from '@vitrine/react';
import type { LineItem } from '@vitrine/sdk';
import { QuantityStepper } from './QuantityStepper';

/** The controls of `line`, labelled with its `name`. */
export function LineControls({ line, name }: { line: LineItem; name: string }): ReactNode {
  const updateQuantity = useUpdateLineItemQuantity();
  const removeLines = useRemoveLineItems();
  return (
    <>
      <QuantityStepper
        value={line.quantity}
        itemName={name}
        min={1}
        max={100}
        onChange={(quantity) => updateQuantity.mutate({ lineItemId: line.id, quantity })}
      />
      <button
        type="button"
        className="link-button"
        aria-label={`Remove ${name} from your cart`}
        onClick={() => removeLines.mutate(line.id)}
      >
        Remove
      </button>
    </>
  );
}

/** {@link LineControls} as `CartLines`'s `controls`. */
export const lineControls = (line: LineItem, name: string): ReactNode => (
  <LineControls line={line} name={name} />
);
