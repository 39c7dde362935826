'use client';
/**
 * The cart's lines with their controls: forms posting to `@vitrine/next`'s server actions (a
 * plain form post with scripts off); with scripts on, the same forms change the cart at once
 * through the browser's cart engine.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { LineItem } from '@vitrine/sdk';
import { LineQuantityForm, RemoveLineForm } from '@vitrine/next/client';
import { lineChoices, lineName, linePath, lineTotal } from '../lib/format';

export function CartLines({
  lines,
  currency,
}: {
  lines: readonly LineItem[];
  currency?: string | undefined;
}): ReactNode {
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <CartLine key={line.id} line={line} currency={currency} />
      ))}
    </ul>
  );
}

function CartLine({ line, currency }: { line: LineItem; currency: string | undefined }): ReactNode {
  const name = lineName(line);
  const choices = lineChoices(line);
  const path = linePath(line);
  return (
    <li className="cart-line">
      {line.image?.url ? (
        <img className="cart-line__image" src={line.image.url} alt="" width={64} height={64} />
      ) : null}
      <div className="cart-line__info">
        <p className="cart-line__name">{path ? <Link href={path}>{name}</Link> : name}</p>
        {choices ? <p className="muted">{choices}</p> : null}
        <div className="cart-line__controls">
          <LineQuantityForm lineItemId={line.id} className="stepper">
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              aria-label={`Decrease quantity of ${name}`}
              disabled={line.quantity <= 1}
            >
              −
            </button>
            <output aria-label={`Quantity of ${name}`}>{line.quantity}</output>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              aria-label={`Increase quantity of ${name}`}
              disabled={line.quantity >= 99}
            >
              +
            </button>
          </LineQuantityForm>
          <RemoveLineForm lineItemId={line.id}>
            <button type="submit" className="button button--quiet">
              Remove <span className="visually-hidden">{name}</span>
            </button>
          </RemoveLineForm>
        </div>
      </div>
      <p className="cart-line__total">{lineTotal(line, currency)}</p>
    </li>
  );
}
