'use client';
/**
 * The buying half of a product page: the chosen variant's price and stock, the options, the
 * quantity and "Add to cart". A form posting to `@vitrine/next`'s server action (with scripts
 * off, a plain HTML form post), the choices carried as `option.<name>` fields; with scripts on,
 * the browser's cart engine adds at once and the drawer opens. The product, with its variants,
 * comes from the server page. Hooks: `useProductChoice` (the chosen options' variant, from the
 * variants), the kit's drawer.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Product } from '@vitrine/sdk';
import { AddToCartForm, useProductChoice } from '@vitrine/next/client';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CustomTextFields } from '@vitrine/shop-ui/components/CustomTextFields';
import { OptionPicker, pickableChoices } from '@vitrine/shop-ui/components/OptionPicker';
import { ProductPriceRow } from '@vitrine/shop-ui/components/Price';
import { PurchaseControls } from '@vitrine/shop-ui/components/PurchaseControls';
import { newCartLine } from '@vitrine/shop-ui/lib/cart-line';
import { productImage } from '@vitrine/shop-ui/lib/format';
import { choicePrice, choiceStock } from '@vitrine/shop-ui/lib/options';

export function ProductPurchase({ product }: { product: Product }): ReactNode {
  const choice = useProductChoice(product);
  const { options, selection, choose, allChosen, variant, canBuy } = choice;
  const [quantity, setQuantity] = useState(1);
  const [customText, setCustomText] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const optionRefs = useRef<Record<string, HTMLElement | null>>({});
  const { open: openCart } = useCartDrawer();

  // Before the change is sent (scripts on): an option left to choose stops it here, with a word.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const firstMissing = options.find((option) => !selection[option.name]);
    if (firstMissing) {
      event.preventDefault();
      event.stopPropagation();
      setMissing(firstMissing.name);
      optionRefs.current[firstMissing.name]?.focus();
      return;
    }
    if (!canBuy) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // What the new line shows at once, until the store answers.
  const preview = newCartLine(product, {
    quantity,
    optionNames: options.map((option) => option.name),
    selection,
    variantId: variant?.id,
    unitPrice: variant?.variant?.priceData?.discountedPrice ?? variant?.variant?.priceData?.price,
    image: productImage(product)?.url,
    customText,
  }).preview;

  return (
    <AddToCartForm
      productId={product.id}
      className="product-purchase"
      onSubmitCapture={check}
      onAdd={() => openCart()}
      {...(preview === undefined ? {} : { preview })}
    >
      {(state) => (
        <>
          <ProductPriceRow
            price={choicePrice(product, choice)}
            stock={choiceStock(product, choice)}
            checking={false}
          />
          {variant ? <input type="hidden" name="variantId" value={variant.id} /> : null}
          {options.map((option) => (
            <OptionPicker
              key={option.name}
              option={option}
              name={`option.${option.name}`}
              choices={pickableChoices(option, (pickable) =>
                choice.availabilityOf(option.name, pickable),
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
            namePrefix="text."
            values={customText}
            onChange={(title, value) =>
              setCustomText((current) => ({ ...current, [title]: value }))
            }
          />
          <PurchaseControls
            quantity={quantity}
            onQuantity={setQuantity}
            quantityName="quantity"
            itemName={product.name ?? 'this product'}
            checking={false}
            soldOut={allChosen && !canBuy}
            error={undefined}
          />
          {state.status === 'error' ? (
            <p className="alert alert--error" role="alert">
              {state.message}
            </p>
          ) : null}
          {state.status === 'done' ? (
            <p className="visually-hidden" role="status">
              {state.message}
            </p>
          ) : null}
        </>
      )}
    </AddToCartForm>
  );
}
