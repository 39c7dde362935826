/**
 * The merchant-side writes of `store.collections` (`/stores/v1/collections…`). A storefront never
 * needs them, so `collections.ts` loads this module on the first write.
 */
import { pathParam } from '../http/path-param.js';
import type { Transport } from '../http/transport.js';
import type { Collection } from '../models/catalog.js';
import { checkIdList } from '../internal/checks.js';
import { unwrap } from '../http/unwrap.js';
import type { CollectionWrites } from './types.js';

const WRITER = '/stores/v1/collections';
const COLLECTION_ID_NAMES = Object.freeze({ 'collection.id': 'id' });

/** Binds the collection writes to a transport. */
export function createCollectionWrites(transport: Transport): CollectionWrites {
  return {
    async create(collection, options = {}) {
      const response = await transport.request({
        method: 'POST',
        path: WRITER,
        body: { collection },
        signal: options.signal,
      });
      return unwrap<Collection>(response, 'collection', 'collections.create');
    },
    async update(id, collection, options = {}) {
      const path = `${WRITER}/${pathParam('id', id)}`;
      const response = await transport.request({
        method: 'PATCH',
        path,
        body: { collection: { ...collection, id } },
        signal: options.signal,
        argumentNames: COLLECTION_ID_NAMES,
      });
      return unwrap<Collection>(response, 'collection', 'collections.update');
    },
    async delete(id, options = {}) {
      const path = `${WRITER}/${pathParam('id', id)}`;
      await transport.request({ method: 'DELETE', path, signal: options.signal });
    },
    async addProducts(id, productIds, options = {}) {
      const path = `${WRITER}/${pathParam('id', id)}/productIds`;
      checkIdList('productIds', productIds);
      await transport.request({
        method: 'POST',
        path,
        body: { productIds },
        signal: options.signal,
      });
    },
    async removeProducts(id, productIds, options = {}) {
      const path = `${WRITER}/${pathParam('id', id)}/productIds/delete`;
      checkIdList('productIds', productIds);
      await transport.request({
        method: 'POST',
        path,
        body: { productIds },
        signal: options.signal,
      });
    },
  };
}
