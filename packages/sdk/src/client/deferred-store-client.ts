/**
 * A client whose code loads on first use: the whole of `createStoreClient` stays out of a page's
 * first download. Until the caller's `load` has run, the session and the cart read from what the
 * server rendered (its role, `cartStore.hydrate(cart)`); every async method loads the client and
 * calls through, so hooks and components written for a `StoreClient` work on it unchanged. Only
 * this module and the cart's state helpers are in the first download.
 */
import { VitrineError } from '../errors/vitrine-error.js';
import { DEFAULT_CAPTCHA_SITE_KEYS } from './captcha-site-keys.js';
import type { AuthState } from '../auth/auth-state.js';
import { INITIAL_CART_STATE, snapshotCartState } from '../cart/cart-state.js';
import type { CartState } from '../cart/types.js';
import type { TokenRole } from '../models/tokens.js';
import type { Cart } from '../models/cart.js';
import type { StoreClient } from './create-store-client.js';
import type { CatalogQuery } from '../catalog/query.js';
import type { CatalogCallOptions } from '../catalog/types.js';
import type { OrderCallOptions, OrderSearch } from '../orders/types.js';

/** A {@link StoreClient} that loads on first use (see {@link createDeferredStoreClient}). */
export interface DeferredStoreClient extends StoreClient {
  /** Whether the client has loaded. */
  readonly loaded: boolean;
  /**
   * Loads the client now (once; later calls share it), for example when the shopper first
   * touches the page, so the first action does not wait for it.
   * @returns the loaded client.
   */
  load(): Promise<StoreClient>;
}

/** Options of {@link createDeferredStoreClient}. */
export interface DeferredStoreClientOptions {
  /** The client id of the client `load` makes. */
  clientId: string;
  /**
   * Makes the client, importing its code: your bundler puts what it imports in a chunk of its
   * own, fetched the first time it is needed.
   * @example load: async () => (await import('@vitrine/sdk')).createStoreClient({ clientId, session })
   */
  load: () => Promise<StoreClient>;
  /**
   * The role the server saw (a snapshot's `role`), shown until the client has loaded.
   * @default 'none'
   */
  role?: TokenRole;
  /**
   * The captcha site keys `load` gives its client, shown by `auth.captchaSiteKeys` until it has
   * loaded.
   * @default the client's defaults
   */
  captchaSiteKeys?: { visible: string; invisible: string };
}

/**
 * A client that loads on first use: the first async call (or `load()`) runs `options.load`,
 * once, and calls through. Until then `auth.getState()` shows `role`, `cartStore.getState()`
 * the cart given to `cartStore.hydrate(cart)` (handed to the client when it loads), and
 * subscribers hear of the loaded client's state once it is there. Its properties read without
 * throwing before the load (`auth.captchaSiteKeys` shows the option's keys). The other
 * synchronous methods (`auth.setTokens`, `generateOAuthData`, `parseFromUrl`,
 * `identity.authentication.logoutUrl`) need the loaded client.
 *
 * @example
 * const store = createDeferredStoreClient({
 *   clientId,
 *   role: snapshot.role,
 *   load: async () => (await import('@vitrine/sdk')).createStoreClient({ clientId, baseUrl }),
 * });
 * store.cartStore.hydrate(snapshot.cart); // shown at once; nothing loaded yet
 * await store.cartStore.addItems({ lineItems }); // loads the client, then adds
 * @throws {VitrineError} `CLIENT_NOT_LOADED` from the synchronous methods above before the client
 * has loaded.
 */
export function createDeferredStoreClient(
  options: DeferredStoreClientOptions,
): DeferredStoreClient {
  const loader = deferredLoader(options.load);
  const { load } = loader;
  const auth = deferredAuth(
    loader,
    options.role ?? 'none',
    options.captchaSiteKeys ?? DEFAULT_CAPTCHA_SITE_KEYS,
  );
  const cartStore = deferredCartStore(loader);
  return {
    clientId: options.clientId,
    get loaded() {
      return loader.client !== undefined;
    },
    load,
    fetch: async (...args) => (await load()).fetch(...args),
    graphql: async (...args) => (await load()).graphql(...args),
    auth,
    identity: deferredIdentity(loader),
    redirects: forward(load, (loaded) => loaded.redirects, { createSession: true }),
    cart: forward(load, (loaded) => loaded.cart, {
      get: true,
      update: true,
      addItems: true,
      removeItems: true,
      createCheckout: true,
      removeCoupon: true,
      updateQuantities: true,
      estimateTotals: true,
      delete: true,
    }),
    cartStore,
    ...deferredCatalog(load),
    ...deferredCatalogV3(load),
    orders: {
      ...forward(load, (loaded) => loaded.orders, { search: true, get: true }),
      iterate: <F>(search?: OrderSearch<NoInfer<F>>, callOptions?: OrderCallOptions) =>
        iterateLater(load, (loaded) => loaded.orders.iterate<F>(search, callOptions)),
    },
    recommendations: forward(load, (loaded) => loaded.recommendations, {
      get: true,
      listAlgorithms: true,
    }),
    members: forward(load, (loaded) => loaded.members, { getCurrentMember: true }),
    dispose() {
      loader.client?.dispose();
      loader.disposed();
    },
  };
}

/** The loading of the client, shared by every part of the deferred one. */
interface Loader {
  /** The loaded client, once there. */
  readonly client: StoreClient | undefined;
  /** Loads the client once (a failed load is tried again by the next call). */
  load: () => Promise<StoreClient>;
  /** Runs `then` once the client has loaded, before any caller of `load` resumes. */
  onLoad: (then: (loaded: StoreClient) => void) => void;
  /** `pick(client)`, or a `CLIENT_NOT_LOADED` error while the client has not loaded. */
  later: <T>(pick: (loaded: StoreClient) => T) => T;
  /** Registers what `dispose()` releases. */
  onDispose: (release: () => void) => void;
  disposed: () => void;
}

function deferredLoader(make: () => Promise<StoreClient>): Loader {
  let client: StoreClient | undefined;
  let loading: Promise<StoreClient> | undefined;
  const loaded: ((client: StoreClient) => void)[] = [];
  const releases: (() => void)[] = [];
  return {
    get client() {
      return client;
    },
    load: () => {
      loading ??= make().then(
        (made) => {
          client = made;
          for (const then of loaded) then(made);
          return made;
        },
        (error: unknown) => {
          // A chunk the network could not fetch: the next call tries again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    onLoad: (then) => void loaded.push(then),
    later: (pick) => {
      if (client) return pick(client);
      throw new VitrineError(
        'This needs the store client, which loads on first use: await store.load() first',
        { code: 'CLIENT_NOT_LOADED' },
      );
    },
    onDispose: (release) => void releases.push(release),
    disposed: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

/** `store.auth`: the server's role until the client has loaded, then the client's. */
function deferredAuth(
  loader: Loader,
  role: TokenRole,
  captchaSiteKeys: StoreClient['auth']['captchaSiteKeys'],
): StoreClient['auth'] {
  const { load, later } = loader;
  const before = sessionState(role);
  const watch = watchers<AuthState>();
  const identityListeners: Parameters<StoreClient['auth']['onIdentityChange']>[0][] = [];
  loader.onLoad((loaded) => {
    for (const listener of identityListeners) loaded.auth.onIdentityChange(listener);
    watch.handOver(loaded.auth, before);
  });
  loader.onDispose(() => watch.clear());
  const current = () => loader.client?.auth;
  return {
    get role() {
      return (current() ?? before).role;
    },
    isLoggedIn: () => current()?.isLoggedIn() ?? before.isLoggedIn,
    getState: () => current()?.getState() ?? before,
    subscribe: (listener) => watch.subscribe(listener, current),
    onIdentityChange(listener) {
      const loaded = current();
      if (loaded) return loaded.onIdentityChange(listener);
      identityListeners.push(listener);
      return () => {
        identityListeners.splice(identityListeners.indexOf(listener), 1);
      };
    },
    getTokens: () => current()?.getTokens(),
    setTokens: (tokens) => later((loaded) => loaded.auth.setTokens(tokens)),
    generateOAuthData: (...args) => later((loaded) => loaded.auth.generateOAuthData(...args)),
    parseFromUrl: (...args) => later((loaded) => loaded.auth.parseFromUrl(...args)),
    // A property, not a call: whatever reads the client's properties (React's dev-only render
    // logging does) must not throw, so it answers before the load too.
    get captchaSiteKeys() {
      return current()?.captchaSiteKeys ?? captchaSiteKeys;
    },
    dispose: () => current()?.dispose(),
    ...forward(load, (loaded) => loaded.auth, {
      getAuthHeaders: true,
      generateVisitorTokens: true,
      renewToken: true,
      getAuthUrl: true,
      getMemberTokens: true,
      loginWithRedirect: true,
      handleRedirectCallback: true,
      getMemberTokensForDirectLogin: true,
      register: true,
      login: true,
      processVerification: true,
      sendPasswordResetEmail: true,
      recoverPassword: true,
      logout: true,
      getMemberTokensForExternalLogin: true,
    }),
  };
}

/** `store.cartStore`: the hydrated cart until the client has loaded, then the client's store. */
function deferredCartStore(loader: Loader): StoreClient['cartStore'] {
  let state: CartState = INITIAL_CART_STATE;
  let hydrated: Cart | null | undefined;
  const watch = watchers<CartState>();
  loader.onLoad((loaded) => {
    if (hydrated !== undefined) loaded.cartStore.hydrate(hydrated);
    watch.handOver(loaded.cartStore, state);
  });
  loader.onDispose(() => watch.clear());
  const current = () => loader.client?.cartStore;
  return {
    getState: () => current()?.getState() ?? state,
    getInitialState: () => current()?.getInitialState() ?? state,
    subscribe: (listener) => watch.subscribe(listener, current),
    hydrate(cart) {
      const loaded = current();
      if (loaded) return loaded.hydrate(cart);
      hydrated = cart;
      const previous = state;
      state = snapshotCartState(cart);
      watch.tell(state, previous);
    },
    clearErrors: (lineItemId) => current()?.clearErrors(lineItemId),
    dispose: () => current()?.dispose(),
    ...forward(loader.load, (loaded) => loaded.cartStore, {
      load: true,
      addItems: true,
      updateQuantities: true,
      updateQuantity: true,
      removeItems: true,
      update: true,
      applyCoupon: true,
      removeCoupon: true,
      estimateTotals: true,
      createCheckout: true,
      checkout: true,
      delete: true,
      clear: true,
      whenIdle: true,
      whenCarriedOver: true,
    }),
  };
}

/** `store.identity`: every raw identity call loads the client first. */
function deferredIdentity({ load, later }: Loader): StoreClient['identity'] {
  return {
    authentication: {
      ...forward(load, (loaded) => loaded.identity.authentication, {
        register: true,
        login: true,
        registerV2: true,
        loginV2: true,
        changePassword: true,
        loginWithTokenParams: true,
        proceed: true,
        signOn: true,
      }),
      logoutUrl: (params) => later((loaded) => loaded.identity.authentication.logoutUrl(params)),
    },
    recovery: forward(load, (loaded) => loaded.identity.recovery, {
      sendEmail: true,
      sendActivationEmail: true,
      recover: true,
    }),
    verification: forward(load, (loaded) => loaded.identity.verification, {
      start: true,
      verify: true,
      resend: true,
    }),
  };
}

/** The catalog: every read and write loads the client first. */
function deferredCatalog(
  load: () => Promise<StoreClient>,
): Pick<StoreClient, 'storefront' | 'products' | 'collections' | 'variants'> {
  return {
    storefront: {
      ...forward(load, (loaded) => loaded.storefront, {
        catalogVersion: true,
        products: true,
        product: true,
        categories: true,
        category: true,
      }),
      iterateProducts: (query, callOptions) =>
        iterateLater(load, (loaded) => loaded.storefront.iterateProducts(query, callOptions)),
    },
    products: {
      ...forward(load, (loaded) => loaded.products, {
        get: true,
        getBySlug: true,
        query: true,
        optionsAvailability: true,
        queryVariants: true,
        create: true,
        update: true,
        delete: true,
        updateVariants: true,
        resetVariants: true,
        addMedia: true,
        removeMedia: true,
        addChoiceMedia: true,
        removeChoiceMedia: true,
        deleteOptions: true,
        removeBrand: true,
        removeRibbon: true,
        bulkUpdate: true,
        bulkAdjust: true,
        createPlatformized: true,
        updatePlatformized: true,
        deletePlatformized: true,
      }),
      iterate: <F>(query?: CatalogQuery<NoInfer<F>>, callOptions?: CatalogCallOptions) =>
        iterateLater(load, (loaded) => loaded.products.iterate<F>(query, callOptions)),
    },
    collections: {
      ...forward(load, (loaded) => loaded.collections, {
        get: true,
        getBySlug: true,
        getBySlugV1: true,
        query: true,
        create: true,
        update: true,
        delete: true,
        addProducts: true,
        removeProducts: true,
      }),
      iterate: <F>(query?: CatalogQuery<NoInfer<F>>, callOptions?: CatalogCallOptions) =>
        iterateLater(load, (loaded) => loaded.collections.iterate<F>(query, callOptions)),
    },
    variants: {
      ...forward(load, (loaded) => loaded.variants, { get: true, query: true }),
      iterate: <F>(query?: CatalogQuery<NoInfer<F>>, callOptions?: CatalogCallOptions) =>
        iterateLater(load, (loaded) => loaded.variants.iterate<F>(query, callOptions)),
    },
  };
}

/** Catalog V3: every read and write loads the client first. */
function deferredCatalogV3(
  load: () => Promise<StoreClient>,
): Pick<StoreClient, 'productsV3' | 'categories' | 'readOnlyVariantsV3' | 'inventoryItemsV3'> {
  return {
    productsV3: {
      ...forward(load, (loaded) => loaded.productsV3, {
        get: true,
        getBySlug: true,
        query: true,
        search: true,
        count: true,
        allProductsCategory: true,
        create: true,
        update: true,
        delete: true,
        createWithInventory: true,
        updateWithInventory: true,
        bulkCreate: true,
        bulkUpdate: true,
        bulkDelete: true,
      }),
      iterate: (...args) => iterateLater(load, (loaded) => loaded.productsV3.iterate(...args)),
      iterateSearch: (...args) =>
        iterateLater(load, (loaded) => loaded.productsV3.iterateSearch(...args)),
    },
    categories: {
      ...forward(load, (loaded) => loaded.categories, {
        get: true,
        getBySlug: true,
        query: true,
        search: true,
        count: true,
        listItems: true,
        listCategoriesForItem: true,
        create: true,
        update: true,
        delete: true,
        addItems: true,
        removeItems: true,
      }),
      iterate: (...args) => iterateLater(load, (loaded) => loaded.categories.iterate(...args)),
    },
    readOnlyVariantsV3: {
      ...forward(load, (loaded) => loaded.readOnlyVariantsV3, { query: true, search: true }),
      iterate: (...args) =>
        iterateLater(load, (loaded) => loaded.readOnlyVariantsV3.iterate(...args)),
    },
    inventoryItemsV3: {
      ...forward(load, (loaded) => loaded.inventoryItemsV3, {
        get: true,
        query: true,
        search: true,
        count: true,
        update: true,
      }),
      iterate: (...args) =>
        iterateLater(load, (loaded) => loaded.inventoryItemsV3.iterate(...args)),
    },
  };
}

/** The keys of `T` whose values are functions returning a promise. */
type AsyncKeys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/**
 * Methods named by `names` (every async method of the target: a missing one fails to compile)
 * that load the client, then call the same method of `target(loaded)`.
 */
function forward<T>(
  load: () => Promise<StoreClient>,
  target: (loaded: StoreClient) => T,
  names: Record<AsyncKeys<T>, true>,
): Pick<T, AsyncKeys<T>> {
  const methods: Record<string, unknown> = {};
  for (const name of Object.keys(names)) {
    methods[name] = async (...args: unknown[]) => {
      const group = target(await load()) as Record<string, (...given: unknown[]) => unknown>;
      return group[name]!(...args);
    };
  }
  return methods as Pick<T, AsyncKeys<T>>;
}

/** An async generator that loads the client, then yields what `iterate(loaded)` yields. */
async function* iterateLater<T>(
  load: () => Promise<StoreClient>,
  iterate: (loaded: StoreClient) => AsyncGenerator<T, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  yield* iterate(await load());
}

/** The session a server saw, before the client has loaded. */
function sessionState(role: TokenRole): AuthState {
  return Object.freeze({
    tokens: undefined,
    role,
    isLoggedIn: role === 'member',
    loginState: 'INITIAL',
    status: 'idle',
    error: undefined,
  });
}

/**
 * Subscribers of a state the loaded client takes over: told of changes before the load, then
 * subscribed to the loaded client's store, and told once of what it holds then.
 */
function watchers<S>() {
  type Listener = (state: S, previous: S) => void;
  type Source = { getState(): S; subscribe(listener: Listener): () => void };
  const listeners = new Map<Listener, () => void>();
  return {
    subscribe(listener: Listener, source: () => Source | undefined): () => void {
      const loaded = source();
      if (loaded) return loaded.subscribe(listener);
      listeners.set(listener, () => {});
      return () => {
        listeners.get(listener)?.();
        listeners.delete(listener);
      };
    },
    tell(state: S, previous: S): void {
      for (const listener of [...listeners.keys()]) listener(state, previous);
    },
    handOver(source: Source, before: S): void {
      for (const listener of [...listeners.keys()]) {
        listeners.set(listener, source.subscribe(listener));
      }
      const now = source.getState();
      if (now !== before) this.tell(now, before);
    },
    clear(): void {
      for (const stop of listeners.values()) stop();
      listeners.clear();
    },
  };
}
