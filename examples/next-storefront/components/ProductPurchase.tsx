'use client';
/**
 * The buying half of a product page: the chosen variant's price and availability, the options,
 * the quantity and "Add to cart". The product comes from the server page as a prop. Hooks:
 * the shop kit's `useProductChoice` (the chosen options' variant), `useAddToCart`.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAddToCart } from '@vitrine/react';
import type { Product } from '@vitrine/sdk';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CustomTextFields } from '@vitrine/shop-ui/components/CustomTextFields';
import { ErrorMessage } from '@vitrine/shop-ui/components/Feedback';
import { OptionPicker, pickableChoices } from '@vitrine/shop-ui/components/OptionPicker';
import { ProductPriceRow } from '@vitrine/shop-ui/components/Price';
import { PurchaseControls } from '@vitrine/shop-ui/components/PurchaseControls';
import { useProductChoice } from '@vitrine/shop-ui/components/use-product-choice';
import { newCartLine } from '@vitrine/shop-ui/lib/cart-line';
import { priceLabel, productImage } from '@vitrine/shop-ui/lib/format';

export function ProductPurchase({ product }: { product: Product }): ReactNode {
  const { options, selection, choose, allChosen, availability, selected, checking, stock, canBuy } =
    useProductChoice(product);
  const [quantity, setQuantity] = useState(1);
  const [customText, setCustomText] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const optionRefs = useRef<Record<string, HTMLElement | null>>({});
  const addToCart = useAddToCart();
  const { open: openCart } = useCartDrawer();

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
            choose(option.name, value);
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
