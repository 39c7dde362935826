/**
 * The bottom of a product page's form: the quantity and "Add to cart" (which says when it is
 * checking the chosen variant, or that it is sold out), and why an add failed.
 */
import type { ReactNode } from 'react';
import { ErrorMessage, Spinner } from './Feedback';
import { QuantityStepper } from './QuantityStepper';

/** The quantity stepper and the form's submit button. */
export function PurchaseControls({
  quantity,
  onQuantity,
  itemName,
  checking,
  soldOut,
  error,
  quantityName,
}: {
  quantity: number;
  onQuantity: (quantity: number) => void;
  /** The product's name, for the quantity's label. */
  itemName: string;
  /** The store is saying which variant the choices are: nothing can be added meanwhile. */
  checking: boolean;
  /** Every option is chosen and what they make cannot be bought. */
  soldOut: boolean;
  /** Why the last "Add to cart" failed. */
  error: unknown;
  /** The quantity field's name, so a form post carries it. */
  quantityName?: string;
}): ReactNode {
  return (
    <>
      <div className="purchase-row">
        <QuantityStepper
          value={quantity}
          onChange={onQuantity}
          itemName={itemName}
          showLabel
          {...(quantityName === undefined ? {} : { name: quantityName })}
        />
        <button type="submit" className="button" disabled={checking || soldOut}>
          {checking ? (
            <>
              <Spinner /> Checking…
            </>
          ) : soldOut ? (
            'Sold out'
          ) : (
            'Add to cart'
          )}
        </button>
      </div>
      {error ? <ErrorMessage error={error} /> : null}
    </>
  );
}
