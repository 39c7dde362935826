/**
 * A product: gallery, options, the chosen variant's price and availability, quantity and "Add
 * to cart". Hooks: `useProduct` (the product by its slug, with its options and variants, on
 * either catalog), `useProductChoice` (the chosen options' variant, read from the variants),
 * `useAddToCart` (the line is the SDK's `storefrontLineItem`). Before every option is chosen, the
 * variants say what the choices so far allow: the choices they make sold out are marked, and the
 * price is theirs.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAddToCart, useProduct, useProductChoice } from '@vitrine/react';
import { storefrontLineItem, type StorefrontProductDetail } from '@vitrine/sdk';
import { useCartDrawer } from '@vitrine/shop-ui/components/CartDrawerContext';
import { CustomTextFields } from '@vitrine/shop-ui/components/CustomTextFields';
import { EmptyState, ErrorMessage } from '@vitrine/shop-ui/components/Feedback';
import { InfoSections } from '@vitrine/shop-ui/components/InfoSections';
import { OptionPicker, pickableChoices } from '@vitrine/shop-ui/components/OptionPicker';
import { ProductPriceRow, Ribbon } from '@vitrine/shop-ui/components/Price';
import { PurchaseControls } from '@vitrine/shop-ui/components/PurchaseControls';
import { plainText } from '@vitrine/shop-ui/lib/format';
import { choicePrice, choiceStock } from '@vitrine/shop-ui/lib/options';
import { usePageTitle } from '../lib/page-title';
import { paths } from '../paths';
import { Link } from '../router';

export function ProductPage({ slug }: { slug: string }): ReactNode {
  const found = useProduct({ slug });
  const product = found.data;
  usePageTitle(product?.name ?? (found.isPending ? 'Loading' : 'Product not found'));

  if (found.error) {
    return (
      <div className="container">
        <ErrorMessage error={found.error} onRetry={() => void found.refetch()} />
      </div>
    );
  }
  if (found.isPending) return <ProductPageSkeleton />;
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

function ProductDetails({ product }: { product: StorefrontProductDetail }): ReactNode {
  const choice = useProductChoice(product);
  const { options, selection, choose, allChosen, canBuy } = choice;
  const [quantity, setQuantity] = useState(1);
  const [customText, setCustomText] = useState<Record<string, string>>({});
  // The options the shopper tried to add to cart without choosing, each with its own message.
  const [missing, setMissing] = useState<readonly string[]>([]);
  const optionRefs = useRef<Record<string, HTMLElement | null>>({});
  const addToCart = useAddToCart();
  const { open: openCart } = useCartDrawer();

  // The chosen variant's price; before that, the price of what the choices so far allow
  // ("$28.00" once XL is chosen), read from the product's variants.
  const price = choicePrice(product, choice);
  const stock = choiceStock(product, choice);

  const images = galleryOf(product);
  // The picture follows the first chosen choice that has one (a colour).
  const chosenMedia = options
    .map((option) => option.choices.find((c) => c.name === selection[option.name])?.image?.url)
    .find((url) => url !== undefined);
  const [imageIndex, setImageIndex] = useState(0);
  const mainImage = chosenMedia ?? images[imageIndex]?.url ?? product.image?.url;

  const ribbon = product.ribbon;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unchosen = options.filter((option) => !selection[option.name]).map((o) => o.name);
    const [first] = unchosen;
    if (first !== undefined) {
      setMissing(unchosen);
      optionRefs.current[first]?.focus();
      return;
    }
    // Sold out, or a combination not sold: refused here too, not only by the disabled button.
    if (!canBuy) return;
    const line = storefrontLineItem(product, {
      selection,
      quantity,
      customText,
      image: mainImage,
    });
    addToCart.mutate({ lineItems: [line] });
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
            {mainImage ? <img src={mainImage} alt={product.name} width={800} height={800} /> : null}
          </div>
          {images.length > 1 ? (
            <ul className="gallery__thumbs" aria-label="More pictures">
              {images.map((image, index) => (
                <li key={image.url}>
                  <button
                    type="button"
                    className="gallery__thumb"
                    aria-pressed={!chosenMedia && index === imageIndex}
                    aria-label={`Show picture ${index + 1}: ${image.alt}`}
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
          <ProductPriceRow price={price} stock={stock} checking={false} />
          {product.description ? (
            <p className="product-info__description">{plainText(product.description)}</p>
          ) : null}

          {options.map((option) => (
            <OptionPicker
              key={option.name}
              option={option}
              choices={pickableChoices(option, (pickable) =>
                choice.availabilityOf(option.name, pickable),
              )}
              value={selection[option.name]}
              invalid={missing.includes(option.name)}
              refCallback={(element) => {
                optionRefs.current[option.name] = element;
              }}
              onChange={(value) => {
                choose(option.name, value);
                setMissing((current) => current.filter((name) => name !== option.name));
              }}
            />
          ))}

          <CustomTextFields
            product={product}
            values={customText}
            onChange={(key, value) => setCustomText((current) => ({ ...current, [key]: value }))}
          />

          <PurchaseControls
            quantity={quantity}
            onQuantity={setQuantity}
            itemName={product.name}
            checking={false}
            soldOut={allChosen && !canBuy}
            error={addToCart.error}
          />

          <InfoSections product={product} />
        </form>
      </div>
    </div>
  );
}

/** The page's shape while the product loads: the picture's square and the lines beside it. */
function ProductPageSkeleton(): ReactNode {
  return (
    <div className="container">
      <p className="visually-hidden" role="status">
        Loading the product…
      </p>
      <div className="skeleton skeleton-line skeleton-line--crumbs" aria-hidden="true" />
      <div className="product-layout" aria-hidden="true" data-testid="product-skeleton">
        <div className="skeleton skeleton-gallery" />
        <div className="product-info">
          <div className="skeleton skeleton-line" style={{ width: '30%' }} />
          <div className="skeleton skeleton-line skeleton-line--title" />
          <div className="skeleton skeleton-line" style={{ width: '40%' }} />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" style={{ width: '85%' }} />
          <div className="skeleton skeleton-line skeleton-line--button" />
        </div>
      </div>
    </div>
  );
}

/** The product's pictures, in order, without duplicates. */
function galleryOf(product: StorefrontProductDetail): { url: string; alt: string }[] {
  const seen = new Set<string>();
  const images: { url: string; alt: string }[] = [];
  for (const { url, alt } of product.images) {
    if (!url || seen.has(url)) continue;
    seen.add(url);
    images.push({ url, alt: alt || product.name });
  }
  return images;
}
