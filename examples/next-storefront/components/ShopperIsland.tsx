/**
 * A part of a page that shows the shopper's session or cart: read at request time with this
 * request's client (the cookies), then rendered by `<StoreIsland>` with that snapshot. Put it
 * inside a `<Suspense>`: the page's cached shell does not wait for it.
 */
import type { ReactNode } from 'react';
import { readShopper } from '../lib/request-store';
import { StoreIsland } from './StoreIsland';

export async function ShopperIsland({ children }: { children: ReactNode }): Promise<ReactNode> {
  const { config, snapshot } = await readShopper();
  return (
    <StoreIsland config={config} snapshot={snapshot}>
      {children}
    </StoreIsland>
  );
}
