// `@vitrine/next/actions`: the server actions behind the forms, for forms of your own.
export {
  addToCart,
  applyCoupon,
  checkout,
  removeCoupon,
  removeLine,
  updateLineQuantity,
} from './cart.js';
export { signIn, signOut } from './member.js';
