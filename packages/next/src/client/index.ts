// `@vitrine/next/client`: the browser's side. Client components; nothing here imports the SDK's
// client code or TanStack Query up front (the store loads when the shopper first touches it).
export { VitrineIslands, StoreIsland, useIslandStore } from './islands.js';
export { HintedStoreIsland, useHintedItemCount, useShopperHint } from './shopper-hint.js';
export { AddToCartForm } from './add-to-cart-form.js';
export {
  CheckoutForm,
  CouponForm,
  LineQuantityForm,
  RemoveCouponForm,
  RemoveLineForm,
} from './cart-forms.js';
export type { CartFormState } from './cart-form.js';
export { SignInForm, SignOutForm } from './member-forms.js';
export { hostedSignInHref } from '../shared/paths.js';
export { useCart, useProductChoice, useSession } from '@vitrine/react/lite';
export type { PickableOption, ProductChoice } from '@vitrine/react/lite';
