// The README's quick start, as quick-start.test.tsx runs it against the emulator: keep the two
// the same (docs-recipe.test.ts checks it).
import {
  StoreProvider,
  createStoreClient,
  storesLineItem,
  useAddToCart,
  useCart,
  useProducts,
  type Product,
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
  const { data, isPending, error } = useProducts({ paging: { limit: 12 } });
  const addToCart = useAddToCart();
  if (isPending) return <p>Loading…</p>;
  if (error) return <p>Could not load products: {error.message}</p>;
  return (
    <>
      {data.items.map((product) => (
        <button
          key={product.id}
          onClick={() => addToCart.mutate({ lineItems: [lineFor(product)] })}
        >
          Add {product.name}
        </button>
      ))}
      {addToCart.error ? <p role="alert">Not added: {addToCart.error.message}</p> : null}
    </>
  );
}

// A product with options (size, colour…) is bought as one of its variants, so the line names
// a choice of each option: here the first in stock. A product page lets the shopper choose.
function lineFor(product: Product) {
  const options: Record<string, string> = {};
  for (const option of product.productOptions ?? []) {
    const choice = option.choices?.find((candidate) => candidate.inStock !== false);
    if (option.name && choice?.description) options[option.name] = choice.description;
  }
  return storesLineItem(product.id, 1, Object.keys(options).length > 0 ? { options } : {});
}

export function CartCount() {
  // The selector receives the cart state (`CartState`: `cart`, `lines`, `itemCount`…), not a
  // `Cart`; the component re-renders only when what it selects changes.
  const count = useCart((state) => state.itemCount);
  return <span>Cart ({count})</span>;
}
