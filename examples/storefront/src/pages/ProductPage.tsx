/**
 * A product: gallery, options, the chosen variant's price and availability, quantity and "Add
 * to cart". Hooks: `useProducts` (find the product by its slug), `useProduct` (the product with
 * its variants), `useProductOptionsAvailability` (the chosen options' variant), `useAddToCart`.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  useAddToCart,
  useProduct,
  useProductOptionsAvailability,
  useProducts,
} from '@vitrine/react';
import { storesLineItem, type Product, type ProductOption } from '@vitrine/sdk';
import { useCartDrawer } from '../cart-drawer';
import { EmptyState, ErrorMessage, Loading, Spinner } from '../components/Feedback';
import { Price, Ribbon, StockBadge } from '../components/Price';
import { QuantityStepper } from '../components/QuantityStepper';
import {
  priceLabel,
  productAvailability,
  productImage,
  variantAvailability,
  type AvailabilityLabel,
} from '../lib/format';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function ProductPage({ slug }: { slug: string }): ReactNode {
  const found = useProducts({ filter: { slug }, paging: { limit: 1 } });
  const listed = found.data?.items[0];
  // The full product adds its variants (with their stock) to what the list gave.
  const detail = useProduct(listed?.id);
  const product = detail.data ?? listed;
  usePageTitle(product?.name ?? (found.isPending ? 'Loading' : 'Product not found'));

  if (found.error) {
    return (
      <div className="container">
        <ErrorMessage error={found.error} onRetry={() => void found.refetch()} />
      </div>
    );
  }
  if (found.isPending) {
    return (
      <div className="container">
        <Loading>Loading the product…</Loading>
      </div>
    );
  }
  if (!product) {
    return (
      <div className="container">
        <EmptyState icon="search" title="We could not find this product">
          <p>It may have sold out for good or moved. Have a look around the shop instead.</p>
          <Link className="button" to={paths.shop()}>
            Shop all
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <ProductDetails key={product.id} product={product} />;
}

/** The options a shopper picks from (those with choices). */
function pickableOptions(product: Product): (ProductOption & { name: string })[] {
  return (product.productOptions ?? []).filter(
    (option): option is ProductOption & { name: string } =>
      option.name !== undefined && (option.choices?.length ?? 0) > 0,
  );
}

function ProductDetails({ product }: { product: Product }): ReactNode {
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
  let stock: AvailabilityLabel;
  let canBuy: boolean;
  if (options.length === 0) {
    stock = productAvailability(product);
    canBuy = stock.tone !== 'out';
  } else if (allChosen && availability.data) {
    const inStock =
      availability.data.availableForPurchase ?? selected?.inStock ?? selected !== undefined;
    const tracked = variant?.stock?.trackQuantity ? variant.stock.quantity : undefined;
    stock = selected
      ? variantAvailability(inStock, tracked)
      : { text: 'This combination is not available', tone: 'out' };
    canBuy = inStock && selected !== undefined;
  } else {
    stock = productAvailability(product);
    canBuy = stock.tone !== 'out';
  }

  const price =
    priceLabel(selected?.price) ??
    priceLabel(
      product.priceData ?? product.price,
      allChosen && options.length > 0 ? undefined : product.priceRange,
    );

  const images = galleryOf(product);
  const chosenMedia = options
    .map((option) => {
      const choice = option.choices?.find((c) => c.description === selection[option.name]);
      return choice?.media?.mainMedia?.image?.url;
    })
    .find((url) => url !== undefined);
  const [imageIndex, setImageIndex] = useState(0);
  const mainImage = chosenMedia ?? images[imageIndex]?.url ?? productImage(product)?.url;

  const fields = product.customTextFields ?? [];
  const ribbon = product.ribbon ?? product.ribbons?.[0]?.text;

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
    addToCart.mutate({
      ...line,
      // Shown on the new line at once, until the platform answers.
      preview: {
        productName: { original: product.name ?? '' },
        ...(mainImage ? { image: { url: mainImage } } : {}),
        ...(unit !== undefined ? { price: { amount: String(unit) } } : {}),
        descriptionLines: options.map((option) => ({
          name: { original: option.name },
          plainText: { original: selection[option.name] ?? '' },
          lineType: 'PLAIN_TEXT' as const,
        })),
      },
    });
    openCart();
  };

  return (
    <div className="container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.home()}>Home</Link>
          </li>
          <li>
            <Link to={paths.shop()}>Shop</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-layout">
        <div className="gallery">
          <div className="gallery__main">
            {ribbon ? <Ribbon text={ribbon} /> : null}
            {mainImage ? (
              <img src={mainImage} alt={product.name ?? ''} width={800} height={800} />
            ) : null}
          </div>
          {images.length > 1 ? (
            <ul className="gallery__thumbs" aria-label="More pictures">
              {images.map((image, index) => (
                <li key={image.url}>
                  <button
                    type="button"
                    className="gallery__thumb"
                    aria-pressed={!chosenMedia && index === imageIndex}
                    aria-label={`Show picture ${index + 1}: ${image.title}`}
                    onClick={() => {
                      setImageIndex(index);
                    }}
                  >
                    <img src={image.url} alt="" width={64} height={64} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <form className="product-info" onSubmit={submit} noValidate>
          {product.brand ? <p className="product-info__brand">{product.brand}</p> : null}
          <h1>{product.name}</h1>
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
          {product.description ? (
            <p className="product-info__description">{plainText(product.description)}</p>
          ) : null}

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

          {fields.map((field) =>
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
            <button
              type="submit"
              className="button"
              disabled={(allChosen && !canBuy && !checking) || checking}
            >
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

          {product.additionalInfoSections?.length ? (
            <div className="info-sections">
              {product.additionalInfoSections.map((section) => (
                <details key={section.title}>
                  <summary>{section.title}</summary>
                  <p>{plainText(section.description ?? '')}</p>
                </details>
              ))}
            </div>
          ) : null}
        </form>
      </div>
    </div>
  );
}

function OptionPicker({
  option,
  value,
  invalid,
  refCallback,
  onChange,
}: {
  option: ProductOption & { name: string };
  value: string | undefined;
  invalid: boolean;
  refCallback: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  const choices = (option.choices ?? []).filter((choice) => choice.visible !== false);
  const error = invalid ? (
    <p id={errorId} className="cart-line__error" role="alert">
      Please choose a {option.name.toLowerCase()}.
    </p>
  ) : null;

  if (option.optionType === 'color') {
    return (
      <fieldset className="option-group" aria-describedby={invalid ? errorId : undefined}>
        <legend>
          {option.name}
          {value ? <span className="option-group__chosen">: {value}</span> : null}
        </legend>
        <div className="swatches">
          {choices.map((choice, index) => {
            const label = choice.description ?? choice.value ?? '';
            return (
              <label className="swatch" key={label} title={label}>
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={label}
                  checked={value === label}
                  onChange={() => onChange(label)}
                  ref={index === 0 ? refCallback : undefined}
                  aria-label={`${label}${choice.inStock === false ? ' (sold out)' : ''}`}
                />
                <span
                  className="swatch__dot"
                  style={{ background: isColor(choice.value) ? choice.value : '#ccc' }}
                />
              </label>
            );
          })}
        </div>
        {error}
      </fieldset>
    );
  }

  return (
    <div className="field">
      <label htmlFor={id}>{option.name}</label>
      <select
        id={id}
        ref={refCallback}
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        <option value="" disabled>
          Choose a {option.name.toLowerCase()}
        </option>
        {choices.map((choice) => {
          const label = choice.description ?? choice.value ?? '';
          return (
            <option key={label} value={label}>
              {label}
              {choice.inStock === false ? ' (sold out)' : ''}
            </option>
          );
        })}
      </select>
      {error}
    </div>
  );
}

function CustomTextInput({
  title,
  maxLength,
  required,
  value,
  onChange,
}: {
  title: string;
  maxLength: number | undefined;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {title}
        {required ? '' : ' (optional)'}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        required={required}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The product's pictures, in order, without duplicates. */
function galleryOf(product: Product): { url: string; title: string }[] {
  const seen = new Set<string>();
  const images: { url: string; title: string }[] = [];
  for (const item of product.media?.items ?? []) {
    const url = item.image?.url;
    if (!url || seen.has(url)) continue;
    seen.add(url);
    images.push({ url, title: item.title ?? product.name ?? '' });
  }
  return images;
}

function isColor(value: string | undefined): value is string {
  return value !== undefined && /^#[0-9a-f]{3,8}$/i.test(value);
}

/** Text of a description the platform sends as HTML, without rendering its markup. */
function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
