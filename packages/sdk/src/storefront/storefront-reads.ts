/**
 * The body of `store.storefront`, loaded with its first read: each read's arguments checked, the
 * store's catalog known (the client's `catalog` option, or read once: catalog-version.ts), and
 * the read sent through that catalog's source, whose code loads only on a store of that catalog
 * (v1-source.ts, v3-source.ts). With `catalog: 'auto'`, a read the store refuses as of the wrong
 * catalog (a guess, or a store moved to V3 since it was asked) teaches the client the store's
 * catalog, and the read goes again, once, to the right one.
 */
import { isCatalogVersionError } from '../http/errors/type-guards.js';
import { loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import { walkPages, type WalkablePage } from '../http/walk-pages.js';
import type { StorefrontPage, StorefrontProduct } from '../models/storefront.js';
import { learnCatalogVersion, readCatalogVersion, type KnownVersion } from './catalog-version.js';
import { checkCategoryQuery, checkProductQuery, checkRef } from './checks.js';
import type {
  CatalogOption,
  CatalogSource,
  CatalogVersion,
  CheckedProductQuery,
  StorefrontApi,
  StorefrontCallOptions,
} from './types.js';

/** What the storefront of one client is set up with. */
export interface StorefrontSettings {
  /** The client's `catalog` option. */
  catalog: CatalogOption;
  /** The client's id: with the API's origin, the store, as the process keeps its catalog. */
  clientId: string;
}

const loadV1Source = /* @__PURE__ */ loadOnFirstUse(() => import('./v1-source.js'));
const loadV3Source = /* @__PURE__ */ loadOnFirstUse(() => import('./v3-source.js'));

/** The storefront reads of one client. */
export function createStorefrontReads(
  transport: Transport,
  settings: StorefrontSettings,
): StorefrontApi {
  const sources = new Map<CatalogVersion, CatalogSource>();
  const storeKey = `${transport.route('POST', '/')} ${settings.clientId}`;

  async function sourceOf(version: CatalogVersion): Promise<CatalogSource> {
    const known = sources.get(version);
    if (known !== undefined) return known;
    const source =
      version === 'v3'
        ? (await loadV3Source()).createV3Source(transport)
        : (await loadV1Source()).createV1Source(transport);
    sources.set(version, source);
    return source;
  }

  function known(options: StorefrontCallOptions): Promise<KnownVersion> {
    if (settings.catalog !== 'auto') {
      return Promise.resolve({ version: settings.catalog, guessed: false });
    }
    return readCatalogVersion(transport, storeKey, options);
  }

  /** Runs `read` on the store's catalog; with `auto`, once more on the one a refusal names. */
  async function run<T>(
    options: StorefrontCallOptions,
    read: (source: CatalogSource) => Promise<T>,
  ): Promise<T> {
    const { version } = await known(options);
    try {
      return await read(await sourceOf(version));
    } catch (error) {
      const named = isCatalogVersionError(error) ? error.storeCatalog : undefined;
      if (settings.catalog !== 'auto' || named === undefined || named === 'none') throw error;
      if (named === version) throw error;
      learnCatalogVersion(storeKey, named);
      return read(await sourceOf(named));
    }
  }

  const products = (query: CheckedProductQuery, options: StorefrontCallOptions) =>
    run(options, (source) => source.products(query, options));

  return {
    async catalogVersion(options = {}) {
      return (await known(options)).version;
    },
    async products(query, options = {}) {
      return products(checkProductQuery(query), options);
    },
    iterateProducts(query, options = {}) {
      const checked = checkProductQuery(query);
      const pageAt = async (cursor: string | undefined) =>
        walkable(await products({ ...checked, cursor }, options), pageAt);
      return walkPages<StorefrontProduct>(() => pageAt(checked.cursor), {
        call: 'storefront.iterateProducts',
        nextPosition: (page) => (page as WalkableStorefrontPage).nextCursor,
      });
    },
    async product(ref, options = {}) {
      const checked = checkRef(ref);
      return run(options, (source) => source.product(checked, options));
    },
    async categories(query, options = {}) {
      const checked = checkCategoryQuery(query);
      return run(options, (source) => source.categories(checked, options));
    },
    async category(ref, options = {}) {
      const checked = checkRef(ref);
      return run(options, (source) => source.category(checked, options));
    },
  };
}

type WalkableStorefrontPage = WalkablePage<StorefrontProduct> & { nextCursor: string | null };

/** A storefront page as the walk over every page follows it. */
function walkable(
  page: StorefrontPage<StorefrontProduct>,
  pageAt: (cursor: string) => Promise<WalkableStorefrontPage>,
): WalkableStorefrontPage {
  const { nextCursor } = page;
  return {
    items: page.items,
    nextCursor,
    hasNext: () => nextCursor !== null,
    next: () => pageAt(nextCursor!),
  };
}
