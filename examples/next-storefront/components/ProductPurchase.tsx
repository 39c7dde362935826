'use client';
/**
 * The buying half of a product page: the chosen variant's price and availability, the options,
 * the quantity and "Add to cart". The product comes from the server page as a prop. Hooks:
 * `useProductOptionsAvailability` (the chosen options' variant), `useAddToCart`.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAddToCart, useProductOptionsAvailability } from '@vitrine/react';
import { storesLineItem, type Product } from '@vitrine/sdk';
import {
  priceLabel,
  productAvailability,
  productImage,
  variantAvailability,
  type AvailabilityLabel,
} from '../lib/format';
import { useCartDrawer } from './CartDrawerContext';
import { ErrorMessage, Spinner } from './Feedback';
import { CustomTextInput, OptionPicker, pickableOptions } from './OptionPicker';
import { Price, StockBadge } from './Price';
import { QuantityStepper } from './QuantityStepper';

export function ProductPurchase({ product }: { product: Product }): ReactNode {
  const options = pickableOptions(product);
  const [selection, setSelection] = useState<Record<string, string>>(() =>
    // An option with a single choice is already chosen.
    Object.fromEntries(
      options
        .filter((option) => option.choices?.length === 1)
        .map((option) => [option.name, option.choices?.[0]?.description ?? '']),
    ),
  );
  const [quantity, setQuantity] = useState(1);
  const [customText, setCustomText] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const optionRefs = useRef<Record<string, HTMLElement | null>>({});
  const addToCart = useAddToCart();
  const { open: openCart } = useCartDrawer();

  const allChosen = options.every((option) => selection[option.name]);
  const availability = useProductOptionsAvailability(product.id, selection, {
    enabled: options.length > 0 && allChosen,
  });
  const selected = allChosen ? availability.data?.selectedVariant : undefined;
  const variant = selected?.id
    ? product.variants?.find((candidate) => candidate.id === selected.id)
    : undefined;

  const checking = options.length > 0 && allChosen && availability.isPending;
  let stock: AvailabilityLabel = productAvailability(product);
  let canBuy = stock.tone !== 'out';
  if (options.length > 0 && allChosen && availability.data) {
    const inStock =
      availability.data.availableForPurchase ?? selected?.inStock ?? selected !== undefined;
    const tracked = variant?.stock?.trackQuantity ? variant.stock.quantity : undefined;
    stock = selected
      ? variantAvailability(inStock, tracked)
      : { text: 'This combination is not available', tone: 'out' };
    canBuy = inStock && selected !== undefined;
  }
  const price =
    priceLabel(selected?.price) ??
    priceLabel(
      product.priceData ?? product.price,
      allChosen && options.length > 0 ? undefined : product.priceRange,
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const firstMissing = options.find((option) => !selection[option.name]);
    if (firstMissing) {
      setMissing(firstMissing.name);
      optionRefs.current[firstMissing.name]?.focus();
      return;
    }
    if (!canBuy) return;
    const texts = Object.fromEntries(
      Object.entries(customText).filter(([, value]) => value.trim() !== ''),
    );
    const line = storesLineItem(product.id, quantity, {
      ...(selected?.id ? { variantId: selected.id } : {}),
      ...(!selected?.id && options.length > 0 ? { options: selection } : {}),
      ...(Object.keys(texts).length > 0 ? { customTextFields: texts } : {}),
    });
    const unit = selected?.price?.discountedPrice ?? selected?.price?.price;
    const image = productImage(product)?.url;
    addToCart.mutate({
      lineItems: [
        {
          ...line,
          // Shown on the new line at once, until the store answers.
          preview: {
            productName: { original: product.name ?? '' },
            ...(image ? { image: { url: image } } : {}),
            ...(unit !== undefined ? { price: { amount: String(unit) } } : {}),
            descriptionLines: options.map((option) => ({
              name: { original: option.name },
              plainText: { original: selection[option.name] ?? '' },
              lineType: 'PLAIN_TEXT' as const,
            })),
          },
        },
      ],
    });
    openCart();
  };

  return (
    <form className="product-purchase" onSubmit={submit} noValidate>
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
      {availability.error ? <ErrorMessage error={availability.error} /> : null}

      {options.map((option) => (
        <OptionPicker
          key={option.name}
          option={option}
          value={selection[option.name]}
          invalid={missing === option.name}
          refCallback={(element) => {
            optionRefs.current[option.name] = element;
          }}
          onChange={(value) => {
            setSelection((current) => ({ ...current, [option.name]: value }));
            if (missing === option.name) setMissing(undefined);
          }}
        />
      ))}

      {(product.customTextFields ?? []).map((field) =>
        field.title ? (
          <CustomTextInput
            key={field.title}
            title={field.title}
            maxLength={field.maxLength}
            required={field.mandatory ?? false}
            value={customText[field.title] ?? ''}
            onChange={(value) =>
              setCustomText((current) => ({ ...current, [field.title ?? '']: value }))
            }
          />
        ) : null,
      )}

      <div className="purchase-row">
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          itemName={product.name ?? 'this product'}
          showLabel
        />
        <button type="submit" className="button" disabled={checking || (allChosen && !canBuy)}>
          {checking ? (
            <>
              <Spinner /> Checking…
            </>
          ) : allChosen && !canBuy ? (
            'Sold out'
          ) : (
            'Add to cart'
          )}
        </button>
      </div>
      {addToCart.error ? <ErrorMessage error={addToCart.error} /> : null}
    </form>
  );
}
