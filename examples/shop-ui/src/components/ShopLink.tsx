'use client';
/**
 * How the kit's components link to a page of the shop, whatever its router: the Vite shop's
 * history router or `next/link`. A shop hands its link component to `<ShopLinkProvider>` once,
 * at the top of its tree, and the kit's client components read it with `useShopLink()`.
 * Components without hooks (rendered by Next's server components too, where there is no context)
 * take it as their `link` prop instead.
 */
import {
  createContext,
  useContext,
  type ComponentType,
  type MouseEventHandler,
  type ReactNode,
} from 'react';

/**
 * What the kit gives a link: the address and the few `<a>` attributes its components set (a
 * narrow set, so that any router's link component takes them as they are).
 */
export interface ShopLinkProps {
  /** A path of the shop (`paths.product(slug)`). */
  href: string;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  'aria-label'?: string;
  children?: ReactNode;
}

/**
 * A shop's link component: renders an `<a href>` that navigates the shop's way. `next/link`'s
 * `Link` is one as it is; the Vite shop adapts its router's `<Link to>` (`src/shop-link.tsx`).
 */
export type ShopLinkComponent = ComponentType<ShopLinkProps>;

const ShopLinkContext = createContext<ShopLinkComponent | null>(null);

/**
 * Hands the shop's link component to the kit's client components below it.
 * @example <ShopLinkProvider link={Link}>{children}</ShopLinkProvider>
 */
export function ShopLinkProvider({
  link,
  children,
}: {
  link: ShopLinkComponent;
  children: ReactNode;
}): ReactNode {
  return <ShopLinkContext.Provider value={link}>{children}</ShopLinkContext.Provider>;
}

/**
 * The shop's link component.
 * @throws Error outside `<ShopLinkProvider>`.
 */
export function useShopLink(): ShopLinkComponent {
  const link = useContext(ShopLinkContext);
  if (!link) throw new Error('useShopLink must be used inside <ShopLinkProvider>');
  return link;
}
