// The README's quick start, as quick-start.test.tsx runs it against the emulator: keep the two
// the same (docs-recipe.test.ts checks it).
import {
  StoreProvider,
  createStoreClient,
  storefrontLineItem,
  useAddToCart,
  useCart,
  useProduct,
  useProducts,
  type StorefrontProduct,
} from '@vitrine/react';

export const store = createStoreClient({
  clientId: 'vitrine-local-client',
  baseUrl: 'http://127.0.0.1:4010',
});

export function App() {
  return (
    <StoreProvider client={store}>
      <CartCount />
      <Products />
    </StoreProvider>
  );
}

export function Products() {
  const { data, isPending, error } = useProducts({ limit: 12 });
  if (isPending) return <p>Loading…</p>;
  if (error) return <p>Could not load products: {error.message}</p>;
  return data.items.map((product) => <AddToCart key={product.id} product={product} />);
}

// A product with options (size, colour…) is bought as one of its variants: its page
// (`useProduct`) lists them, and the line names one, here the first in stock. A product page
// lets the shopper choose (`useProductChoice`).
function AddToCart({ product }: { product: StorefrontProduct }) {
  const { data: page } = useProduct(product.id);
  const addToCart = useAddToCart();
  const variant = page?.variants.find((each) => each.visible && each.stock.inStock);
  return (
    <>
      <button
        disabled={!page || !variant}
        onClick={() => {
          if (!page || !variant) return;
          const line = storefrontLineItem(page, { selection: variant.choices });
          addToCart.mutate({ lineItems: [line] });
        }}
      >
        Add {product.name}
      </button>
      {addToCart.error ? <p role="alert">Not added: {addToCart.error.message}</p> : null}
    </>
  );
}

export function CartCount() {
  // The selector receives the cart state (`CartState`: `cart`, `lines`, `itemCount`…), not a
  // `Cart`; the component re-renders only when what it selects changes.
  const count = useCart((state) => state.itemCount);
  return <span>Cart ({count})</span>;
}
