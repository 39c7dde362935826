'use client';
/**
 * The buying half of a product page: its options, its custom texts, the quantity and "Add to
 * cart". A form posting to `@vitrine/next`'s server action, each choice as an `option.<name>`
 * field and each text as `text.<key>` (with scripts off, a plain HTML form post); with scripts
 * on, the browser's cart engine adds at once and the cart drawer opens. `useProductChoice` knows,
 * from the product's variants, what each choice leads to; the variant it names is posted as
 * `variantId`. Both the browser and the server refuse a sold-out or unsold choice, an option left
 * out or a required text left blank, and the form says why, next to the field.
 */
import { useId, type ReactNode } from 'react';
import type { StorefrontCustomField, StorefrontProductDetail } from '@vitrine/sdk';
import {
  AddToCartForm,
  useProductChoice,
  type CartFormState,
  type PickableOption,
  type ProductChoice,
} from '@vitrine/next/client';
import { choicePrice } from '../lib/format';
import { useCartDrawer } from './CartDrawerProvider';

export function ProductForm({ product }: { product: StorefrontProductDetail }): ReactNode {
  const choice = useProductChoice(product);
  const { open } = useCartDrawer();
  const quantityId = useId();
  const errorId = useId();
  const soldOut = choice.allChosen && !choice.canBuy;
  return (
    <AddToCartForm productId={product.id} product={product} className="product-form" onAdd={open}>
      {(state) => (
        <>
          <p className="product-form__price">{choicePrice(product, choice.prices)}</p>
          {/* The variant the choices name, when known here; without scripts, the options say it. */}
          {choice.variant ? (
            <input type="hidden" name="variantId" value={choice.variant.id} />
          ) : null}
          {choice.options.map((option) => (
            <OptionField
              key={option.id}
              option={option}
              choice={choice}
              error={errorOf(state, `option.${option.name}`, errorId)}
            />
          ))}
          {product.customFields.map((field) => (
            <TextField
              key={field.key}
              field={field}
              error={errorOf(state, `text.${field.key}`, errorId)}
            />
          ))}
          <div className="field">
            <label htmlFor={quantityId}>Quantity</label>
            <input
              id={quantityId}
              className="input input--short"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              defaultValue={1}
              required
            />
          </div>
          <button type="submit" className="button" disabled={state.pending || soldOut}>
            {soldOut ? 'Sold out' : 'Add to cart'}
          </button>
          {state.status === 'error' ? (
            <p id={errorId} className="alert" role="alert">
              {state.message}
            </p>
          ) : null}
          {/* Said by screen readers, and shown: after a post without scripts, the page says it. */}
          <p className="form-status" role="status">
            {state.status === 'done' ? state.message : ''}
          </p>
        </>
      )}
    </AddToCartForm>
  );
}

/** The attributes that tie a field to the form's error, when the error is about that field. */
function errorOf(
  state: CartFormState,
  field: string,
  errorId: string,
): { 'aria-invalid': true; 'aria-describedby': string } | undefined {
  return state.status === 'error' && state.field === field
    ? { 'aria-invalid': true, 'aria-describedby': errorId }
    : undefined;
}

/** One option: colour choices as radio buttons, any other as a drop-down. */
function OptionField({
  option,
  choice,
  error,
}: {
  option: PickableOption;
  choice: ProductChoice;
  error: ReturnType<typeof errorOf>;
}): ReactNode {
  const id = useId();
  const name = `option.${option.name}`;
  const value = choice.selection[option.name] ?? '';
  const choices = option.choices
    .filter((item) => item.visible)
    .map((item) => ({ ...item, note: NOTES[choice.availabilityOf(option.name, item)] }));
  if (option.kind === 'color') {
    return (
      <fieldset
        className="field"
        {...(error ? { 'aria-describedby': error['aria-describedby'] } : {})}
      >
        <legend>{option.name}</legend>
        <div className="swatches">
          {choices.map((item) => (
            <label key={item.id} className="swatch">
              <input
                type="radio"
                name={name}
                value={item.name}
                checked={value === item.name}
                onChange={() => choice.choose(option.name, item.name)}
                required
                {...(error ? { 'aria-invalid': true } : {})}
              />
              <span className="swatch__dot" style={{ background: cssColor(item.color) }} />
              {item.name}
              {item.note}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{option.name}</label>
      <select
        id={id}
        className="input"
        name={name}
        value={value}
        onChange={(event) => choice.choose(option.name, event.target.value)}
        required
        {...error}
      >
        <option value="" disabled>
          Choose a {option.name.toLowerCase()}
        </option>
        {choices.map((item) => (
          <option key={item.id} value={item.name}>
            {item.name}
            {item.note}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text the shopper writes for this item (an engraving, a gift message). */
function TextField({
  field,
  error,
}: {
  field: StorefrontCustomField;
  error: ReturnType<typeof errorOf>;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.title}
        {field.mandatory ? null : <span className="muted"> (optional)</span>}
      </label>
      <input
        id={id}
        className="input"
        name={`text.${field.key}`}
        required={field.mandatory}
        maxLength={field.maxLength}
        autoComplete="off"
        {...error}
      />
    </div>
  );
}

const NOTES = { available: '', 'sold-out': ' (sold out)', unavailable: ' (not available)' };

function cssColor(value: string | undefined): string {
  return value !== undefined && /^#[0-9a-f]{3,8}$/i.test(value) ? value : 'transparent';
}
