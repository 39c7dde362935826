import { createGraphqlCaller, type GraphqlCaller } from '../http/graphql.js';
import type { HttpMethod } from '../http/api-call.js';
import { createTransport } from '../http/transport.js';
import { createStoreAuth } from '../auth/create-store-auth.js';
import type { StoreIdentity } from '../auth/member-flows/identity-api.js';
import type { StoreRedirects } from '../redirects/redirect-session.js';
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { StoreAuth } from '../auth/store-auth.js';
import { resolveStoreClientOptions, type StoreClientOptions } from './options.js';
import { createCurrentCartApi } from '../cart/current-cart-api.js';
import { cartChannelName, createCartStore, type CartStore } from '../cart/cart-store.js';
import { createCartCalls } from '../cart/cart-calls.js';
import { createStorefront } from '../storefront/storefront.js';
import type { StorefrontApi } from '../storefront/types.js';
import type { CurrentCartApi } from '../cart/types.js';
import { createCollectionsApi } from '../catalog/collections.js';
import { createProductsApi } from '../catalog/products.js';
import type { CollectionsApi, ProductsApi, VariantsApi } from '../catalog/types.js';
import { createVariantsApi } from '../catalog/variants.js';
import { createCatalogV3Api } from '../catalog-v3/catalog-v3-api.js';
import type {
  CategoriesApi,
  InventoryItemsV3Api,
  ProductsV3Api,
  ReadOnlyVariantsV3Api,
} from '../catalog-v3/types.js';
import { createMembersApi } from '../members/members-api.js';
import type { MembersApi } from '../members/types.js';
import { createOrdersApi } from '../orders/orders-api.js';
import type { OrdersApi } from '../orders/types.js';
import { createRecommendationsApi } from '../recommendations/recommendations-api.js';
import type { RecommendationsApi } from '../recommendations/types.js';

/** Init of {@link StoreClient.fetch}: a `RequestInit` whose `signal` may be omitted. */
export interface StoreFetchInit extends Omit<RequestInit, 'method'> {
  method?: HttpMethod;
  /** Per-attempt time limit in ms, headers and body. */
  timeout?: number;
  /** Time limit of the whole call in ms. */
  deadline?: number;
}

/** A client of one store. Create one per app in browsers, and one per request on servers. */
export interface StoreClient {
  /** The client id the store was created with. */
  readonly clientId: string;
  /**
   * An authenticated call to any platform path, with the same host routing, retries and error
   * mapping as the SDK's own calls. Resolves with the response of a 2xx.
   *
   * @example
   * const response = await store.fetch('/stores-reader/v1/products/p1');
   * const { product } = await response.json();
   * @throws {StoreApiError} for any other status, a network failure or a timeout.
   * @throws {StoreArgumentError} when `path` is not a path of the platform (`/…`).
   */
  fetch(path: string, init?: StoreFetchInit): Promise<Response>;
  /** A GraphQL query on `POST /graphql/{apiVersion}`. */
  graphql: GraphqlCaller;
  /** Identity: tokens and roles, renewal, member sign-in and sign-out (see {@link StoreAuth}). */
  auth: StoreAuth;
  /** The raw identity calls: authentication, recovery, verification. */
  identity: StoreIdentity;
  /** Redirect sessions to the platform's hosted pages (login, logout, checkout…). */
  redirects: StoreRedirects;
  // ── Commerce ──
  /** The caller's current cart: the nine raw calls (see {@link CurrentCartApi}). */
  cart: CurrentCartApi;
  /**
   * The cart engine: a subscribable store of the shopper's cart with queued, optimistic
   * changes, shared between tabs and following sign-in and sign-out (see {@link CartStore}).
   */
  cartStore: CartStore;
  /**
   * What a shop shows of its catalog, in one shape whichever catalog the store runs (Catalog V1
   * or V3): products for a grid, a product page, categories, search (see {@link StorefrontApi}).
   */
  storefront: StorefrontApi;
  /** Catalog V1's products: reads, queries and merchant-side writes (see {@link ProductsApi}). */
  products: ProductsApi;
  /** Collections: reads, queries and merchant-side writes (see {@link CollectionsApi}). */
  collections: CollectionsApi;
  /** Store variants (see {@link VariantsApi}). */
  variants: VariantsApi;
  /**
   * Products of Catalog V3, the catalog of every store created today: reads with cursor pages,
   * search, and merchant-side writes (see {@link ProductsV3Api}). A store on Catalog V1 refuses
   * them with a {@link CatalogVersionError}.
   */
  productsV3: ProductsV3Api;
  /** Categories, which replace collections on Catalog V3 (see {@link CategoriesApi}). */
  categories: CategoriesApi;
  /** Catalog V3's variants read on their own, with their product's data (see {@link ReadOnlyVariantsV3Api}). */
  readOnlyVariantsV3: ReadOnlyVariantsV3Api;
  /** Catalog V3's stock of each variant in each location (see {@link InventoryItemsV3Api}). */
  inventoryItemsV3: InventoryItemsV3Api;
  /** Orders: a member's own, or any with the API key (see {@link OrdersApi}). */
  orders: OrdersApi;
  /** Items to recommend, from the catalog's algorithms (see {@link RecommendationsApi}). */
  recommendations: RecommendationsApi;
  // ── Members ──
  /** The signed-in member's record (see {@link MembersApi}). */
  members: MembersApi;
  /**
   * Releases everything the client holds: its tab channels and storage listeners, its queued
   * cart changes (rejected with `CartOperationCancelledError`) and its listeners on the token
   * store. A per-request client on a server holds nothing global, so it is collected without
   * this; call it anyway when a client's life ends, and always for long-lived clients.
   * Calling it twice does nothing.
   *
   * @example
   * const store = createStoreClient({ clientId });
   * try { await render(store); } finally { store.dispose(); }
   */
  dispose(): void;
}

/**
 * Creates a client of the platform's REST API.
 *
 * @example
 * const store = createStoreClient({ clientId: 'vitrine-local-client', baseUrl: 'http://127.0.0.1:4010' });
 * @throws {StoreArgumentError} when an option is invalid (see {@link StoreClientOptions}).
 */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const resolved = resolveStoreClientOptions(options);

  // The HTTP core, then the auth layer on it: its token store and renewal authorize every
  // other call, through the transport it hands back.
  const http = createTransport(resolved.http);
  const { auth, identity, transport } = createStoreAuth(resolved.auth, http);
  const redirects: StoreRedirects = lazyFace(
    loadOnFirstUse(async () =>
      (await import('../redirects/redirect-session.js')).createRedirects(transport),
    ),
    ['createSession'],
  );

  // The cart and the catalog, on the authorized transport; the cart follows the identity. The
  // raw cart calls and the cart store share the client's calls, on the cart API the store has.
  const cartCalls = createCartCalls(transport, resolved.cart);
  const cart = createCurrentCartApi(cartCalls);
  const cartStore = createCartStore({
    calls: cartCalls,
    identity: auth,
    // Tabs share their cart only when they share their tokens: never on a server, where one
    // process serves many shoppers.
    ...(resolved.tabSync ? { channelName: cartChannelName(resolved.clientId) } : {}),
  });

  return {
    clientId: resolved.clientId,
    fetch(path, init = {}) {
      const { method = 'GET', headers, body, signal, timeout, deadline } = init;
      return transport.send({
        method,
        path,
        headers: headers ?? undefined,
        rawBody: body,
        signal: signal ?? undefined,
        timeout,
        deadline,
      });
    },
    graphql: createGraphqlCaller(transport),
    auth,
    identity,
    redirects,
    cart,
    cartStore,
    storefront: createStorefront(transport, resolved),
    products: createProductsApi(transport),
    collections: createCollectionsApi(transport),
    variants: createVariantsApi(transport),
    // Catalog V3: faces whose calls load on first use, one chunk for the four.
    ...createCatalogV3Api(transport),
    // Loaded on first use, like the catalog reads: a first page makes none of these calls.
    orders: createOrdersApi(transport),
    recommendations: createRecommendationsApi(transport),
    members: createMembersApi(transport),
    dispose() {
      cartStore.dispose();
      auth.dispose();
      transport.close();
    },
  };
}
