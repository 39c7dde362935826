'use client';
/**
 * The kit's cart drawer with this shop's controls (forms, `CartControls`). The drawer's content
 * and the controls load the first time it opens: a page that is only looked at downloads
 * neither.
 */
import { lazy, type ReactNode } from 'react';
import { CartDrawer } from '@vitrine/shop-ui/components/CartDrawer';
import { paths } from '@vitrine/shop-ui/lib/paths';

const LineFormControls = lazy(() =>
  import('./CartControls').then((module) => ({ default: module.LineFormControls })),
);
const CheckoutControl = lazy(() =>
  import('./CartControls').then((module) => ({ default: module.CheckoutControl })),
);

export function ShopCartDrawer(): ReactNode {
  return (
    <CartDrawer
      cartHref={paths.cart()}
      controls={(line, name) => <LineFormControls line={line} name={name} />}
      checkout={<CheckoutControl />}
    />
  );
}
