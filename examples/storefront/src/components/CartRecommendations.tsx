/**
 * "You may also like" under the cart: products from the same collections as the cart's, as the
 * store's recommendation algorithms pick them (the catalog's best sellers when those find none),
 * four at most. Hooks: `useCart`, `useRecommendations`, `useProducts`.
 */
import { useMemo, type ReactNode } from 'react';
import { useCart, useProducts, useRecommendations } from '@vitrine/react';
import { STORES_RECOMMENDATION_ALGORITHMS, type GetRecommendationInput } from '@vitrine/sdk';
import { ProductGrid } from '@vitrine/shop-ui/components/ProductCard';
import { ShopLink } from '../shop-link';

const SHOWN = 4;

export function CartRecommendations(): ReactNode {
  // The ids of the products in the cart, in a stable string: a quantity change asks nothing new.
  const productIds = useCart((state) =>
    [...new Set((state.cart?.lineItems ?? []).map((l) => l.catalogReference?.catalogItemId))]
      .filter((id): id is string => id !== undefined)
      .join(','),
  );
  const input = useMemo((): GetRecommendationInput | undefined => {
    if (productIds === '') return undefined;
    const { fromSimilarCategories, bestSellers } = STORES_RECOMMENDATION_ALGORITHMS;
    return {
      algorithms: [fromSimilarCategories, bestSellers],
      items: productIds
        .split(',')
        .map((id) => ({ catalogItemId: id, appId: fromSimilarCategories.appId })),
      minimumRecommendedItems: 1,
    };
  }, [productIds]);
  const recommendation = useRecommendations(input);
  const ids = (recommendation.data?.items ?? []).slice(0, SHOWN).map((i) => i.catalogItemId);
  const products = useProducts({ ids, limit: SHOWN }, { enabled: ids.length > 0 });
  if (
    input === undefined ||
    recommendation.isError ||
    (recommendation.isSuccess && ids.length === 0)
  )
    return null;
  // In the order the algorithm ranked them.
  const ranked = products.data
    ? ids.flatMap((id) => products.data.items.filter((p) => p.id === id))
    : undefined;
  return (
    <section className="cart-recommendations" aria-labelledby="cart-recommendations-title">
      <h2 id="cart-recommendations-title">You may also like</h2>
      <ProductGrid
        products={ranked}
        skeletons={SHOWN}
        label="Recommended products"
        link={ShopLink}
      />
    </section>
  );
}
