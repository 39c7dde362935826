'use client';
/**
 * The lines of the cart, each with the shop's controls (quantity, remove): the Vite shop's change
 * the cart through the hooks (`LineControls`), the Next shop's are forms that also work without
 * scripts. Hooks: `useCart` (lines, per-line pending and error).
 */
import type { ReactNode } from 'react';
import { useCart } from '@vitrine/react/lite';
import { imageSrcSet, scaledImageUrl } from '@vitrine/sdk/lite';
import type { LineItem } from '@vitrine/sdk';
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
import { useShopLink } from './ShopLink';

/** The size a line's picture is shown at. */
const LINE_IMAGE = { width: 80, height: 80 };

/** A line's controls: the line, and its name for their labels. */
export type LineControlsSlot = (line: LineItem, name: string) => ReactNode;

/** The cart's lines (`useCart`), each with its own pending state and error. */
export function CartLines({
  compact = false,
  onNavigate,
  controls,
}: {
  /** The drawer's denser layout. */
  compact?: boolean;
  /** Called when a product link is followed (the drawer closes itself). */
  onNavigate?: () => void;
  /** Each line's quantity and remove controls. */
  controls: LineControlsSlot;
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
          controls={controls}
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
  controls,
  onNavigate,
}: {
  line: LineItem;
  currency: string;
  compact: boolean;
  controls: LineControlsSlot;
  onNavigate?: () => void;
}): ReactNode {
  const state = useCart((state) => state.lines[line.id]);
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
          {controls(line, name)}
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
