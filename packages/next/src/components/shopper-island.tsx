/**
 * A part of a page that shows the shopper's session or cart: read at request time with this
 * request's cookies, then rendered with the browser's client of this shopper. Put it inside a
 * `<Suspense>`: the page's cached shell does not wait for it.
 */
import type { ReactNode } from 'react';
import { StoreIsland } from '../client/islands.js';
import { readShopper } from '../server/shopper.js';

/**
 * The shopper's island: `children` (client components using `useCart`, `useSession`…) render the
 * session and cart the server read, then follow the browser's client once the shopper touches the
 * store. Inside `<VitrineIslands>` and a `<Suspense>`.
 *
 * @example
 * <Suspense fallback={<CartButtonPlaceholder />}>
 *   <ShopperIsland><CartButton /></ShopperIsland>
 * </Suspense>
 */
export async function ShopperIsland({ children }: { children: ReactNode }): Promise<ReactNode> {
  return <StoreIsland shopper={await readShopper()}>{children}</StoreIsland>;
}
