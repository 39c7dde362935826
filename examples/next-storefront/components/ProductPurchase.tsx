'use client';
/**
 * The buying half of a product page: the chosen variant's price and stock, the options, the
 * custom texts, the quantity and "Add to cart". A form posting to `@vitrine/next`'s server action
 * (with scripts off, a plain HTML form post), the choices carried as `option.<name>` fields and,
 * once the choices name one, the variant as `variantId`; with scripts on, the browser's cart engine
 * adds at once and the drawer opens. The product (the SDK's storefront model, either catalog)
 * comes from the server page and is handed to `<AddToCartForm>`: the browser refuses a sold-out or
 * unsold choice, an option left out or a required text left blank as the server action does, and
 * the refusal a post gets back (`code`, `field`) shows by the field it is about. Hooks:
 * `useProductChoice` (the chosen options' variant, from the variants), the kit's drawer.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { StorefrontProductDetail } from '@vitrine/sdk';
import { AddToCartForm, useProductChoice, type CartFormState } from '@vitrine/next/client';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CustomTextFields } from '@vitrine/shop-ui/components/CustomTextFields';
import { OptionPicker, pickableChoices } from '@vitrine/shop-ui/components/OptionPicker';
import { ProductPriceRow } from '@vitrine/shop-ui/components/Price';
import { PurchaseControls } from '@vitrine/shop-ui/components/PurchaseControls';
import { choicePrice, choiceStock } from '@vitrine/shop-ui/lib/options';

/** The form field of an option's choice (`option.Size`), as the server action reads it. */
const optionField = (name: string) => `option.${name}`;

export function ProductPurchase({ product }: { product: StorefrontProductDetail }): ReactNode {
  const choice = useProductChoice(product);
  const { options, selection, choose, allChosen, variant, canBuy } = choice;
  const [quantity, setQuantity] = useState(1);
  const [customText, setCustomText] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const optionRefs = useRef<Record<string, HTMLElement | null>>({});
  const { open: openCart } = useCartDrawer();

  // Before the change is sent (scripts on): an option left to choose stops it here, with a word
  // by the option and the focus on it (the form itself would refuse it with a message only).
  const check = (event: FormEvent<HTMLFormElement>) => {
    const firstMissing = options.find((option) => !selection[option.name]);
    if (!firstMissing) return;
    event.preventDefault();
    event.stopPropagation();
    setMissing(firstMissing.name);
    optionRefs.current[firstMissing.name]?.focus();
  };

  return (
    <AddToCartForm
      productId={product.id}
      product={product}
      className="product-purchase"
      onSubmitCapture={check}
      onAdd={() => openCart()}
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
              name={optionField(option.name)}
              choices={pickableChoices(option, (pickable) =>
                choice.availabilityOf(option.name, pickable),
              )}
              value={selection[option.name]}
              invalid={
                missing === option.name ||
                refusedField(state, 'CHOOSE_OPTION') === optionField(option.name)
              }
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
            onChange={(key, value) => setCustomText((current) => ({ ...current, [key]: value }))}
          />
          <PurchaseControls
            quantity={quantity}
            onQuantity={setQuantity}
            quantityName="quantity"
            itemName={product.name}
            checking={false}
            soldOut={allChosen && !canBuy}
            error={undefined}
          />
          {state.status === 'error' && refusedField(state, 'CHOOSE_OPTION') === undefined ? (
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

/** The field a refusal of this `code` names (an option not chosen: `option.Size`), if it is one. */
function refusedField(state: CartFormState, code: string): string | undefined {
  return state.status === 'error' && state.code === code ? state.field : undefined;
}
