/**
 * The calls of `store.inventoryItemsV3` (`/stores/v3/inventory-items…`), as the official client
 * sends them: one item by id as a flat GET repeating its path parameter, query, search and count
 * as GETs with `.r` (or flat) that fall back to a POST when long, and an update that carries the
 * item's `revision`.
 */
import { pathParam } from '../http/path-param.js';
import { readCall, type ReadEncoding } from '../http/read-encoding.js';
import type { Transport } from '../http/transport.js';
import { unwrap } from '../http/unwrap.js';
import { checkEntity } from '../internal/checks.js';
import type { InventoryItemV3 } from '../models/catalog-v3.js';
import { firstPage, walkCursorPages, type CursorRead } from './cursor-pages.js';
import type { CatalogV3CallOptions, InventoryItemsV3Api } from './types.js';

const ITEMS = '/stores/v3/inventory-items';
/** Query, search and count: `.r` when nested, a POST when long. */
const QUERY: ReadEncoding = { complex: true, fallback: true };
/** Largest page of inventory items the platform serves. */
const MAX_ITEMS = 1000;

/** Binds the inventory item calls to a transport. */
export function createInventoryItemCalls(transport: Transport): InventoryItemsV3Api {
  const read = (path: string, payload: object, encoding: ReadEncoding, signal?: AbortSignal) =>
    transport.request({ ...readCall(path, payload, encoding), signal });

  const pages = (key: 'query' | 'search', options: CatalogV3CallOptions): CursorRead => ({
    call: `inventoryItemsV3.${key}`,
    key,
    list: 'inventoryItems',
    rest: {},
    maxLimit: MAX_ITEMS,
    send: (body) => read(`${ITEMS}/${key}`, body, QUERY, options.signal),
  });

  return {
    async get(id, options = {}) {
      const path = `${ITEMS}/${pathParam('id', id)}`;
      const response = await read(path, { inventoryItemId: id }, {}, options.signal);
      return unwrap<InventoryItemV3>(response, 'inventoryItem', 'inventoryItemsV3.get');
    },
    query: (query, options = {}) => firstPage<InventoryItemV3>(pages('query', options), query),
    search: (search, options = {}) => firstPage<InventoryItemV3>(pages('search', options), search),
    async count(input = {}, options = {}) {
      const payload = { filter: input.filter, search: input.search };
      const response = await read(`${ITEMS}/count`, payload, QUERY, options.signal);
      return typeof response.count === 'number' ? response.count : 0;
    },
    iterate: (query, options = {}) =>
      walkCursorPages<InventoryItemV3>(pages('query', options), query, 'inventoryItemsV3.iterate'),
    async update(id, item, options = {}) {
      const path = `${ITEMS}/${pathParam('id', id)}`;
      checkEntity('item', item, true);
      const response = await transport.request({
        method: 'PATCH',
        path,
        body: { inventoryItem: { ...item, id }, reason: options.reason },
        signal: options.signal,
        argumentNames: { 'inventoryItem.id': 'id', inventoryItem: 'item' },
      });
      return unwrap<InventoryItemV3>(response, 'inventoryItem', 'inventoryItemsV3.update');
    },
  };
}
