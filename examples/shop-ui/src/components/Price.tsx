/** Price tags and availability badges. */
import type { ReactNode } from 'react';
import type { AvailabilityLabel, PriceLabel } from '../lib/format';

/** A price, with the price before the discount struck through when there is one. */
export function Price({
  label,
  large = false,
}: {
  label: PriceLabel | undefined;
  large?: boolean;
}): ReactNode {
  if (!label) return null;
  return (
    <span className={`price${large ? ' price--large' : ''}`}>
      {label.from ? <span className="price__from">From</span> : null}
      {label.was ? (
        <>
          <span className="visually-hidden">Sale price</span>
          <span className="price__current price__current--sale">{label.current}</span>
          <span className="visually-hidden">, was</span>
          <s className="price__was">{label.was}</s>
        </>
      ) : (
        <span className="price__current">{label.current}</span>
      )}
    </span>
  );
}

/** "In stock", "Only 3 left", "Sold out". */
export function StockBadge({ availability }: { availability: AvailabilityLabel }): ReactNode {
  return <span className={`stock stock--${availability.tone}`}>{availability.text}</span>;
}

/** The product's ribbon ("New", "Sale", "Bestseller"). */
export function Ribbon({ text, inline = false }: { text: string; inline?: boolean }): ReactNode {
  const sale = /sale/i.test(text);
  return (
    <span className={`ribbon${sale ? ' ribbon--sale' : ''}${inline ? ' ribbon--inline' : ''}`}>
      {text}
    </span>
  );
}

/**
 * A product page's price and availability, announced when they change; "Checking
 * availability…" while the store says which variant the choices are.
 */
export function ProductPriceRow({
  price,
  stock,
  checking,
}: {
  price: PriceLabel | undefined;
  stock: AvailabilityLabel;
  checking: boolean;
}): ReactNode {
  return (
    <div className="product-info__price-row" aria-live="polite">
      <Price label={price} large />
      {checking ? (
        <span className="stock stock--ok" role="status">
          Checking availability…
        </span>
      ) : (
        <StockBadge availability={stock} />
      )}
    </div>
  );
}
