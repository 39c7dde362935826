'use client';
/**
 * The buying half of a product page: the chosen variant's price and availability, the options,
 * the quantity and "Add to cart". The product comes from the server page as a prop. Hooks:
 * `useProductOptionsAvailability` (the chosen options' variant), `useAddToCart`.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAddToCart, useProductOptionsAvailability } from '@vitrine/react';
import type { Product } from '@vitrine/sdk';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CustomTextFields } from '@vitrine/shop-ui/components/CustomTextFields';
import { ErrorMessage } from '@vitrine/shop-ui/components/Feedback';
import { OptionPicker, pickableChoices } from '@vitrine/shop-ui/components/OptionPicker';
import { ProductPriceRow } from '@vitrine/shop-ui/components/Price';
import { PurchaseControls } from '@vitrine/shop-ui/components/PurchaseControls';
import { newCartLine } from '@vitrine/shop-ui/lib/cart-line';
import {
  priceLabel,
  productAvailability,
  productImage,
  variantAvailability,
  type AvailabilityLabel,
} from '@vitrine/shop-ui/lib/format';
import { pickableOptions } from '@vitrine/shop-ui/lib/options';

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
    const line = newCartLine(product, {
      quantity,
      optionNames: options.map((option) => option.name),
      selection,
      variantId: selected?.id,
      unitPrice: selected?.price?.discountedPrice ?? selected?.price?.price,
      image: productImage(product)?.url,
      customText,
    });
    addToCart.mutate({ lineItems: [line] });
    openCart();
  };

  return (
    <form className="product-purchase" onSubmit={submit} noValidate>
      <ProductPriceRow price={price} stock={stock} checking={checking} />
      {availability.error ? <ErrorMessage error={availability.error} /> : null}

      {options.map((option) => (
        <OptionPicker
          key={option.name}
          option={option}
          // Sold out as the platform lists the choice (the variants' stock is not read here).
          choices={pickableChoices(option, (choice) =>
            choice.inStock === false ? 'sold-out' : 'available',
          )}
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

      <CustomTextFields
        product={product}
        values={customText}
        onChange={(title, value) => setCustomText((current) => ({ ...current, [title]: value }))}
      />

      <PurchaseControls
        quantity={quantity}
        onQuantity={setQuantity}
        itemName={product.name ?? 'this product'}
        checking={checking}
        soldOut={allChosen && !canBuy}
        error={addToCart.error}
      />
    </form>
  );
}
