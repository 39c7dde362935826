'use client';
/**
 * The lines of the cart, each with its quantity stepper and remove button. Hooks: `useCart`
 * (lines, per-line pending and error), `useUpdateLineItemQuantity`, `useRemoveLineItems`.
 */
import type { ReactNode } from 'react';
import { useCart, useRemoveLineItems, useUpdateLineItemQuantity } from '@vitrine/react';
import { imageSrcSet, scaledImageUrl, type LineItem } from '@vitrine/sdk';
import { errorMessage } from '../lib/errors';
import {
  formatCartMoney,
  lineAvailability,
  lineName,
  lineOptions,
  lineSlug,
  lineTotal,
} from '../lib/format';
import { paths } from '../lib/paths';
import { QuantityStepper } from './QuantityStepper';
import { useShopLink } from './ShopLink';

/** The size a line's picture is shown at. */
const LINE_IMAGE = { width: 80, height: 80 };

/** The cart's lines (`useCart`), each with its own pending state and error. */
export function CartLines({
  compact = false,
  onNavigate,
}: {
  /** The drawer's denser layout. */
  compact?: boolean;
  /** Called when a product link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}): ReactNode {
  const cart = useCart((state) => state.cart);
  const currency = cart?.currency ?? 'USD';
  return (
    <ul className="cart-lines" aria-label="Items in your cart">
      {(cart?.lineItems ?? []).map((line) => (
        <CartLine
          key={line.id}
          line={line}
          currency={currency}
          compact={compact}
          {...(onNavigate ? { onNavigate } : {})}
        />
      ))}
    </ul>
  );
}

function CartLine({
  line,
  currency,
  compact,
  onNavigate,
}: {
  line: LineItem;
  currency: string;
  compact: boolean;
  onNavigate?: () => void;
}): ReactNode {
  const state = useCart((state) => state.lines[line.id]);
  const updateQuantity = useUpdateLineItemQuantity();
  const removeLines = useRemoveLineItems();
  const Link = useShopLink();
  const name = lineName(line);
  const options = lineOptions(line);
  const warning = lineAvailability(line);
  const slug = lineSlug(line);
  const pending = state?.pending ?? false;
  const error = state?.error;

  return (
    <li className="cart-line" aria-busy={pending} aria-label={name}>
      {line.image?.url ? (
        <img
          className="cart-line__image"
          src={scaledImageUrl(line.image, LINE_IMAGE)}
          srcSet={imageSrcSet(line.image, LINE_IMAGE)}
          alt=""
          width={80}
          height={80}
        />
      ) : (
        <div className="cart-line__image" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <div className="cart-line__top">
          {slug ? (
            <Link
              className="cart-line__name"
              href={paths.product(slug)}
              {...(onNavigate ? { onClick: onNavigate } : {})}
            >
              {name}
            </Link>
          ) : (
            <span className="cart-line__name">{name}</span>
          )}
          <span className="cart-line__total">
            <span className="visually-hidden">Line total: </span>
            {lineTotal(line, currency)}
          </span>
        </div>
        {options ? <span className="cart-line__options">{options}</span> : null}
        {!compact && line.price ? (
          <span className="cart-line__unit">{formatCartMoney(line.price, currency)} each</span>
        ) : null}
        {warning ? <span className="cart-line__warning">{warning}</span> : null}
        <div className="cart-line__controls">
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
          {pending ? (
            <span className="cart-line__unit" role="status">
              Saving…
            </span>
          ) : null}
        </div>
        {error ? (
          <span className="cart-line__error" role="alert">
            {errorMessage(error)}
          </span>
        ) : null}
      </div>
    </li>
  );
}
