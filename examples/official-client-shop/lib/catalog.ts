/**
 * The shop's catalog, on a store of either catalog. A site runs Catalog V1 or Catalog V3, never
 * both, and the official client has a module for each (`products`, `productsV3`). As the
 * platform's guidance says, the shop asks `catalogVersioning.getCatalogVersion()` which one the
 * site runs, once per server process (a V3 site stays V3; a V1 site moved to V3 is a migration
 * the shop is redeployed for), and reads the
 * products through that version's module (catalog-v1.ts, catalog-v3.ts) into the shapes the pages
 * render (product.ts).
 */
import { productBySlugV1, productListV1 } from './catalog-v1';
import { productBySlugV3, productListV3 } from './catalog-v3';
import type { ProductCard, ProductDetail } from './product';
import type { WixClient } from './wix';

let version: Promise<boolean> | undefined;

/** Whether the site runs Catalog V3, asked once per process (a failed answer is asked again). */
function isCatalogV3(client: WixClient): Promise<boolean> {
  version ??= client.catalogVersioning.getCatalogVersion().then(
    ({ catalogVersion }) => catalogVersion === 'V3_CATALOG',
    (error: unknown) => {
      version = undefined;
      throw error;
    },
  );
  return version;
}

/** The first `limit` products of the store. */
export async function productList(client: WixClient, limit: number): Promise<ProductCard[]> {
  return (await isCatalogV3(client)) ? productListV3(client, limit) : productListV1(client, limit);
}

/** The product with this slug, or `undefined` when the store has none. */
export async function productBySlug(
  client: WixClient,
  slug: string,
): Promise<ProductDetail | undefined> {
  return (await isCatalogV3(client))
    ? productBySlugV3(client, slug)
    : productBySlugV1(client, slug);
}
