'use client';
/**
 * The browser's side of the shopper's parts of a page. Every island of a page load shares one
 * client per shopper: a client that loads on first use (`@vitrine/sdk/lite`), so the page
 * downloads none of the SDK's client code until the shopper touches the store, and whose session
 * lives on the shop's server (`sessionEndpoint`): the refresh token never reaches this page.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { StoreClientProvider, useStoreClient } from '@vitrine/react/lite';
import {
  VitrineError,
  createDeferredStoreClient,
  type DeferredStoreClient,
} from '@vitrine/sdk/lite';
import type { StoreClient } from '@vitrine/sdk';
import type { Shopper } from '../server/shopper.js';
import { currentHint, writeHint } from './hint-store.js';
import { VITRINE_PATHS } from '../shared/paths.js';

/** The clients of a page load, by store and shopper. */
type ClientRegistry = Map<string, DeferredStoreClient>;

const Registry = createContext<ClientRegistry | null>(null);

/**
 * Holds the page load's store clients, above every island (in the root layout). It reads nothing
 * of the request, so it is part of the cached shell; on the server, one per request.
 *
 * @example
 * // app/layout.tsx
 * <body><VitrineIslands>{children}</VitrineIslands></body>
 */
export function VitrineIslands({ children }: { children: ReactNode }): ReactNode {
  const [registry] = useState<ClientRegistry>(() => new Map());
  return <Registry.Provider value={registry}>{children}</Registry.Provider>;
}

/**
 * Vitrine's hooks (`@vitrine/react/lite`'s `useCart`, `useSession`…) for `children`, with the page
 * load's client of this shopper, rendering the session and cart the server read until the client
 * has loaded. Rendered for you by `ShopperIsland` (`@vitrine/next`); use it directly when you read
 * the shopper yourself (`readShopper()`).
 * @throws {VitrineError} (code `MISSING_VITRINE_ISLANDS`) outside `<VitrineIslands>`.
 */
export function StoreIsland({
  shopper,
  load,
  children,
}: {
  shopper: Shopper;
  /** How the client loads (default: the SDK's client of `shopper.store`). */
  load?: ((shopper: Shopper) => Promise<StoreClient>) | undefined;
  children: ReactNode;
}): ReactNode {
  const registry = useContext(Registry);
  if (registry === null) {
    throw new VitrineError(
      '<StoreIsland> (and <ShopperIsland>) must be inside <VitrineIslands>: put it in the root layout, around the page.',
      { code: 'MISSING_VITRINE_ISLANDS' },
    );
  }
  const client = clientFor(registry, shopper, load ?? loadClient);
  useEffect(() => {
    // A newer page of the same shopper: its cart, until the client has loaded.
    if (!client.loaded && shopper.snapshot.cart !== undefined) {
      client.cartStore.hydrate(shopper.snapshot.cart);
    }
  }, [client, shopper.snapshot.cart]);
  useEffect(() => correctHint(shopper), [shopper]);
  useEffect(() => {
    // Another shopper's clients (signed in or out since, on the server) are done with.
    for (const [key, other] of registry) {
      if (other !== client && other.clientId === client.clientId) {
        other.dispose();
        registry.delete(key);
      }
    }
  }, [registry, client]);
  return (
    <StoreClientProvider client={client} snapshot={shopper.snapshot}>
      {children}
    </StoreClientProvider>
  );
}

/**
 * The client of the nearest island, loading on first use. Call `load()` where the shopper shows
 * intent (a pointer down, a focus), so that the first action does not wait for the code.
 *
 * @example const store = useIslandStore(); <form onPointerDown={() => void store.load()}>
 */
export function useIslandStore(): DeferredStoreClient {
  return useStoreClient() as DeferredStoreClient;
}

/**
 * The registry's client of this store and shopper; a new shopper gets a new client, except the
 * one this page's own client just became: a visitor without a session whose client minted one
 * (the store's first use) keeps that client, and the cart it changed, when the page learns the
 * new session's identity.
 */
function clientFor(
  registry: ClientRegistry,
  shopper: Shopper,
  load: (shopper: Shopper) => Promise<StoreClient>,
): DeferredStoreClient {
  const { clientId } = shopper.store;
  const key = `${clientId} ${shopper.identity ?? ''}`;
  let client = registry.get(key) ?? minted(registry, shopper.identity);
  if (client !== undefined) registry.set(key, client);
  if (client === undefined) {
    client = createDeferredStoreClient({
      clientId,
      role: shopper.snapshot.role,
      load: () => load(shopper),
    });
    // The cart the page was made with (none, for a shopper known to have none): no read for it.
    if (shopper.snapshot.cart !== undefined) client.cartStore.hydrate(shopper.snapshot.cart);
    registry.set(key, client);
  }
  return client;
}

/**
 * A client of a shopper without a session that has minted the session of `identity` (or is
 * minting it: the session's cookies reach the page before the client has read the answer).
 */
function minted(
  registry: ClientRegistry,
  identity: string | undefined,
): DeferredStoreClient | undefined {
  if (identity === undefined) return undefined;
  for (const [key, client] of registry) {
    if (!key.endsWith(' ') || !client.loaded) continue;
    const held = identityOf(client);
    if (held === identity || (held === undefined && client.auth.getState().status === 'renewing')) {
      registry.delete(key);
      return client;
    }
  }
  return undefined;
}

/**
 * The session's identity as a client on the shop's session endpoint holds it: the server's
 * identity id stands in its refresh token's place (it never holds the refresh token).
 */
function identityOf(client: StoreClient): string | undefined {
  return client.auth.getTokens()?.refreshToken.value;
}

/** The browser's client of the shopper's session: the SDK's code, fetched now. */
export async function loadClient(shopper: Shopper): Promise<StoreClient> {
  const { createStoreClient, sessionEndpoint } = await import('@vitrine/sdk');
  const { clientId, baseUrl } = shopper.store;
  const client = createStoreClient({
    clientId,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    session: sessionEndpoint(VITRINE_PATHS.session),
  });
  // Tokens this browser kept of another shopper (before a sign-in or sign-out on the server):
  // ask the server for this one's.
  const held = client.auth.getTokens();
  if (held !== undefined && held.refreshToken.value !== shopper.identity) {
    await client.auth.renewToken(held.refreshToken).catch(() => {});
  }
  keepHint(client, shopper.identity);
  return client;
}

/**
 * The shopper's hint follows the cart engine from now on: each cart it has read or changed
 * (optimistically too) is the count the next page shows before any script of the store loads.
 * A shopper without a session yet (`identity` undefined) is followed once its first use of the
 * store has minted one.
 */
function keepHint(client: StoreClient, known: string | undefined): void {
  let written = -1;
  const keep = () => {
    const identity = known ?? identityOf(client);
    if (identity === undefined) return;
    const state = client.cartStore.getState();
    if (state.status !== 'ready' || state.itemCount === written) return;
    // Another shopper's hint (signed in or out since): this client is not the page's any more.
    const held = currentHint();
    if (held !== undefined && held.identity !== identity) return;
    written = state.itemCount;
    const role = client.auth.role === 'member' ? 'member' : 'visitor';
    writeHint({ itemCount: state.itemCount, role, identity, clientId: client.clientId });
  };
  keep();
  client.cartStore.subscribe(keep);
  if (known === undefined) client.auth.subscribe(keep);
}

/**
 * A cart the server read for this page (a page of the shopper's own, rendered at request time)
 * is the truth the hint follows: an order placed on the hosted checkout, say, emptied it.
 */
function correctHint(shopper: Shopper): void {
  const { cart, role } = shopper.snapshot;
  if (cart === undefined || shopper.identity === undefined || role === 'none') return;
  const held = currentHint();
  if (held !== undefined && held.identity !== shopper.identity) return;
  const itemCount = cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  if (held?.itemCount === itemCount && held.role === role) return;
  writeHint({ itemCount, role, identity: shopper.identity, clientId: shopper.store.clientId });
}
