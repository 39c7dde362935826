'use client';
/**
 * The buying half of a product page: its options, the quantity and "Add to cart". A form posting
 * to `@vitrine/next`'s server action, each choice as an `option.<name>` field (with scripts off,
 * a plain HTML form post); with scripts on, the browser's cart engine adds at once and the cart
 * drawer opens. `useProductChoice` knows, from the product's variants, what each choice leads to.
 */
import { useId, type ReactNode } from 'react';
import type { Product } from '@vitrine/sdk';
import {
  AddToCartForm,
  useProductChoice,
  type PickableOption,
  type ProductChoice,
} from '@vitrine/next/client';
import { formatMoney } from '../lib/format';
import { useCartDrawer } from './CartDrawerProvider';

export function ProductForm({ product }: { product: Product }): ReactNode {
  const choice = useProductChoice(product);
  const { open } = useCartDrawer();
  const quantityId = useId();
  const soldOut = choice.allChosen && !choice.canBuy;
  return (
    <AddToCartForm productId={product.id} className="product-form" onAdd={open}>
      {(state) => (
        <>
          <p className="product-form__price">{priceOf(product, choice)}</p>
          {/* The variant the choices name, when known here; without scripts, the options say it. */}
          {choice.variant ? (
            <input type="hidden" name="variantId" value={choice.variant.id} />
          ) : null}
          {choice.options.map((option) => (
            <OptionField key={option.name} option={option} choice={choice} />
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
            <p className="alert" role="alert">
              {state.message}
            </p>
          ) : null}
          <p className="visually-hidden" role="status">
            {state.status === 'done' ? state.message : ''}
          </p>
        </>
      )}
    </AddToCartForm>
  );
}

/** One option: colour choices as radio buttons, any other as a drop-down. */
function OptionField({
  option,
  choice,
}: {
  option: PickableOption;
  choice: ProductChoice;
}): ReactNode {
  const id = useId();
  const name = `option.${option.name}`;
  const value = choice.selection[option.name] ?? '';
  const choices = option.choices
    .filter((item) => item.visible !== false && item.description)
    .map((item) => ({
      label: item.description ?? '',
      color: item.value,
      note: NOTES[choice.availabilityOf(option.name, item)],
    }));
  if (option.optionType === 'color') {
    return (
      <fieldset className="field">
        <legend>{option.name}</legend>
        <div className="swatches">
          {choices.map((item) => (
            <label key={item.label} className="swatch">
              <input
                type="radio"
                name={name}
                value={item.label}
                checked={value === item.label}
                onChange={() => choice.choose(option.name, item.label)}
                required
              />
              <span className="swatch__dot" style={{ background: cssColor(item.color) }} />
              {item.label}
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
      >
        <option value="" disabled>
          Choose a {option.name.toLowerCase()}
        </option>
        {choices.map((item) => (
          <option key={item.label} value={item.label}>
            {item.label}
            {item.note}
          </option>
        ))}
      </select>
    </div>
  );
}

const NOTES = { available: '', 'sold-out': ' (sold out)', unavailable: ' (not available)' };

/** What the choices so far cost: one price, or the range they still allow. */
function priceOf(product: Product, choice: ProductChoice): string {
  const currency = product.priceData?.currency ?? 'USD';
  const prices = choice.prices;
  if (prices === undefined) {
    const price = product.priceData?.discountedPrice ?? product.priceData?.price;
    return price === undefined ? '' : formatMoney(price, currency);
  }
  return prices.min === prices.max
    ? formatMoney(prices.min, currency)
    : `${formatMoney(prices.min, currency)} – ${formatMoney(prices.max, currency)}`;
}

function cssColor(value: string | undefined): string {
  return value !== undefined && /^#[0-9a-f]{3,8}$/i.test(value) ? value : 'transparent';
}
