/**
 * The merchant-side writes of `store.productsV3` (`/stores/v3/products…`,
 * `/stores/v3/products-with-inventory…`, `/stores/v3/bulk/products/…`), as the official client
 * sends them: updates carry the product's `revision` and its id inside the body, a delete
 * repeats its path parameter in the query.
 */
import { pathParam } from '../http/path-param.js';
import { toSearchParams, withSearch } from '../http/read-encoding.js';
import type { Transport } from '../http/transport.js';
import { unwrap } from '../http/unwrap.js';
import { checkEntity, checkId, checkIdList, checkNonEmptyList } from '../internal/checks.js';
import type {
  BulkResultsV3,
  ProductV3,
  ProductWithInventoryV3Result,
} from '../models/catalog-v3.js';
import type { BulkProductsV3Options, CatalogV3CallOptions, ProductsV3Api } from './types.js';
import type { ProductV3Reads } from './product-v3-reads.js';

const PRODUCTS = '/stores/v3/products';
const WITH_INVENTORY = '/stores/v3/products-with-inventory';
const BULK = '/stores/v3/bulk/products';
/** The product's id goes inside the body; its violations read as the `id` argument. */
const PRODUCT_ID_NAMES = Object.freeze({ 'product.id': 'id' });

/** The writes of {@link ProductsV3Api}. */
export type ProductV3Writes = Omit<ProductsV3Api, keyof ProductV3Reads>;

/** The answer of a write with inventory, once it is known to hold the product. */
function withInventory(
  response: Record<string, unknown>,
  call: string,
): ProductWithInventoryV3Result {
  unwrap(response, 'product', call);
  return response as unknown as ProductWithInventoryV3Result;
}

/** Binds the product writes to a transport. */
export function createProductV3Writes(transport: Transport): ProductV3Writes {
  const send = async <R = Record<string, unknown>>(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    options: CatalogV3CallOptions,
    argumentNames?: Readonly<Record<string, string>>,
  ) =>
    transport.request<R>({
      method,
      path,
      body,
      signal: options.signal,
      ...(argumentNames ? { argumentNames } : {}),
    });

  const bulk = async <T>(path: string, body: object, options: BulkProductsV3Options) =>
    send<BulkResultsV3<T>>(
      'POST',
      `${BULK}/${path}`,
      { ...body, returnEntity: options.returnEntity, fields: options.fields },
      options,
    );

  const update = async (
    base: string,
    id: string,
    product: object,
    fields: unknown,
    options: CatalogV3CallOptions,
  ) => {
    const path = `${base}/${pathParam('id', id)}`;
    checkEntity('product', product, true);
    return send('PATCH', path, { product: { ...product, id }, fields }, options, PRODUCT_ID_NAMES);
  };

  return {
    async create(product, options = {}) {
      checkEntity('product', product);
      const response = await send('POST', PRODUCTS, { product, fields: options.fields }, options);
      return unwrap<ProductV3>(response, 'product', 'productsV3.create');
    },
    async update(id, product, options = {}) {
      const response = await update(PRODUCTS, id, product, options.fields, options);
      return unwrap<ProductV3>(response, 'product', 'productsV3.update');
    },
    async delete(id, options = {}) {
      const path = `${PRODUCTS}/${pathParam('id', id)}`;
      await send('DELETE', withSearch(path, toSearchParams({ productId: id })), undefined, options);
    },
    async createWithInventory(product, options = {}) {
      checkEntity('product', product);
      const body = { product, fields: options.fields };
      const response = await send('POST', WITH_INVENTORY, body, options);
      return withInventory(response, 'productsV3.createWithInventory');
    },
    async updateWithInventory(id, product, options = {}) {
      const response = await update(WITH_INVENTORY, id, product, options.fields, options);
      return withInventory(response, 'productsV3.updateWithInventory');
    },
    async bulkCreate(products, options = {}) {
      checkNonEmptyList('products', products);
      products.forEach((product, index) => checkEntity(`products[${index}]`, product));
      return bulk<ProductV3>('create', { products }, options);
    },
    async bulkUpdate(products, options = {}) {
      checkNonEmptyList('products', products);
      const wire = products.map((item, index) => {
        checkEntity(`products[${index}]`, item);
        checkEntity(`products[${index}].product`, item.product, true);
        checkId(`products[${index}].product.id`, item.product.id);
        // The official client sends a field mask as its paths joined by commas.
        return { product: item.product, fieldMask: item.fieldMask?.join(',') };
      });
      return bulk<ProductV3>('update', { products: wire }, options);
    },
    async bulkDelete(productIds, options = {}) {
      checkIdList('productIds', productIds);
      return send<BulkResultsV3<never>>('POST', `${BULK}/delete`, { productIds }, options);
    },
  };
}
