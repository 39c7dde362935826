/**
 * The merchant-side writes of `store.products` (`/stores/v1/…`,
 * `/stores/v2/products-platformized`). A storefront never needs them, so `products.ts` loads this
 * module on the first write.
 */
import type { Transport } from '../http/transport.js';
import type { Product, ProductInput, ProductVariant } from '../models/catalog.js';
import { checkIdList, checkNonEmptyList } from '../internal/checks.js';
import { listOf, unwrap } from '../http/unwrap.js';
import { pathParam } from '../http/path-param.js';
import type { CatalogCallOptions, ProductWrites } from './types.js';

const WRITER = '/stores/v1/products';
const PLATFORMIZED = '/stores/v2/products-platformized';
/** The product's id goes inside the body; its violations read as the `id` argument. */
const PRODUCT_ID_NAMES = Object.freeze({ 'product.id': 'id' });

/** Binds the product writes to a transport. */
export function createProductWrites(transport: Transport): ProductWrites {
  // Writes answer with nothing worth returning; the call resolves when the platform accepted it.
  const productPath = (base: string, id: string, suffix = '') =>
    `${base}/${pathParam('id', id)}${suffix}`;
  const send = async (
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    options: CatalogCallOptions,
  ): Promise<Record<string, unknown>> =>
    transport.request({ method, path, body, signal: options.signal });

  // The v1 and platformized updates differ only in where they are sent.
  const updateAt = async (
    base: string,
    id: string,
    product: ProductInput,
    options: CatalogCallOptions,
    call: string,
  ): Promise<Product> => {
    const response = await transport.request({
      method: 'PATCH',
      path: productPath(base, id),
      body: { product: { ...product, id } },
      signal: options.signal,
      argumentNames: PRODUCT_ID_NAMES,
    });
    return unwrap<Product>(response, 'product', call);
  };

  return {
    async create(product, options = {}) {
      const response = await send('POST', WRITER, { product }, options);
      return unwrap<Product>(response, 'product', 'products.create');
    },

    update: (id, product, options = {}) =>
      updateAt(WRITER, id, product, options, 'products.update'),

    async delete(id, options = {}) {
      await send('DELETE', productPath(WRITER, id), undefined, options);
    },

    async updateVariants(id, variants, options = {}) {
      const path = productPath(WRITER, id, '/variants');
      checkNonEmptyList('variants', variants);
      const response = await send('PATCH', path, { variants }, options);
      return listOf<ProductVariant>(response, 'variants');
    },

    async resetVariants(id, options = {}) {
      await send('POST', productPath(WRITER, id, '/variants/resetToDefault'), {}, options);
    },

    async addMedia(id, media, options = {}) {
      const path = productPath(WRITER, id, '/media');
      checkNonEmptyList('media', media);
      await send('POST', path, { media }, options);
    },

    async removeMedia(id, mediaIds, options = {}) {
      const path = productPath(WRITER, id, '/media/delete');
      checkIdList('mediaIds', mediaIds);
      await send('POST', path, { mediaIds }, options);
    },

    async addChoiceMedia(id, media, options = {}) {
      const path = productPath(WRITER, id, '/choices/media');
      checkNonEmptyList('media', media);
      await send('PATCH', path, { media }, options);
    },

    async removeChoiceMedia(id, media, options = {}) {
      const path = productPath(WRITER, id, '/choices/media/delete');
      checkNonEmptyList('media', media);
      await send('POST', path, { media }, options);
    },

    async deleteOptions(id, options = {}) {
      await send('DELETE', productPath(WRITER, id, '/options'), undefined, options);
    },

    async removeBrand(id, options = {}) {
      await send('POST', productPath(WRITER, id, '/remove-brand'), {}, options);
    },

    async removeRibbon(id, options = {}) {
      await send('POST', productPath(WRITER, id, '/remove-ribbon'), {}, options);
    },

    async bulkUpdate(ids, set, options = {}) {
      checkIdList('ids', ids);
      return await send('POST', '/stores/v1/bulk/products/update', { ids, set }, options);
    },

    async bulkAdjust(ids, adjust, options = {}) {
      checkIdList('ids', ids);
      return await send(
        'POST',
        '/stores/v1/bulk/products/adjust-properties',
        { ids, adjust },
        options,
      );
    },

    async createPlatformized(product, options = {}) {
      const response = await send('POST', PLATFORMIZED, { product }, options);
      return unwrap<Product>(response, 'product', 'products.createPlatformized');
    },

    updatePlatformized: (id, product, options = {}) =>
      updateAt(PLATFORMIZED, id, product, options, 'products.updatePlatformized'),

    async deletePlatformized(id, options = {}) {
      await send('DELETE', productPath(PLATFORMIZED, id), undefined, options);
    },
  };
}
