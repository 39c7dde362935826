/**
 * The kit's link (`href`) on this shop's history router (`<Link to>`): what `<ShopLinkProvider>`
 * and the kit's `link` props are given here. The Next shop gives them `next/link` as it is.
 */
import type { ReactNode } from 'react';
import type { ShopLinkProps } from '@vitrine/shop-ui/components/ShopLink';
import { Link } from './router';

/** A link of the kit's components, navigating in place like every link of this shop. */
export function ShopLink({ href, ...rest }: ShopLinkProps): ReactNode {
  return <Link to={href} {...rest} />;
}
