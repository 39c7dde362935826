// `@vitrine/next/client`: the browser's side. Client components; nothing here imports the SDK's
// client code or TanStack Query up front (the store loads when the shopper first touches it).
export { VitrineIslands, StoreIsland, useIslandStore } from './islands.js';
export {
  AddToCartForm,
  CheckoutForm,
  CouponForm,
  LineQuantityForm,
  RemoveCouponForm,
  RemoveLineForm,
} from './forms.js';
export type { CartFormState } from './forms.js';
export { SignInForm, SignOutForm } from './member-forms.js';
export { useCart, useProductChoice, useSession } from '@vitrine/react/lite';
export type { ProductChoice } from '@vitrine/react/lite';
