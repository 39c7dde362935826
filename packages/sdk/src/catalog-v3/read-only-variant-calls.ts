/**
 * The calls of `store.readOnlyVariantsV3` (`/stores/v3/products/query-variants` and
 * `/search-variants`): plain POSTs, as the official client sends them, with cursor pages.
 */
import type { Transport } from '../http/transport.js';
import type { ReadOnlyVariantV3 } from '../models/catalog-v3.js';
import { firstPage, walkCursorPages, type CursorRead } from './cursor-pages.js';
import type { ReadOnlyVariantsV3Api, ReadOnlyVariantsV3ReadOptions } from './types.js';

/** Largest page of variants the platform serves. */
const MAX_VARIANTS = 1000;

/** Binds the read-only variant calls to a transport. */
export function createReadOnlyVariantCalls(transport: Transport): ReadOnlyVariantsV3Api {
  const pages = (key: 'query' | 'search', options: ReadOnlyVariantsV3ReadOptions): CursorRead => ({
    call: `readOnlyVariantsV3.${key}`,
    key,
    list: 'variants',
    rest: { fields: options.fields },
    maxLimit: MAX_VARIANTS,
    send: (body) =>
      transport.request({
        method: 'POST',
        path: `/stores/v3/products/${key}-variants`,
        body,
        signal: options.signal,
        // A read sent as POST: as safe to retry as a GET.
        retry: true,
      }),
  });
  return {
    query: (query, options = {}) => firstPage<ReadOnlyVariantV3>(pages('query', options), query),
    search: (search, options = {}) =>
      firstPage<ReadOnlyVariantV3>(pages('search', options), search),
    iterate: (query, options = {}) =>
      walkCursorPages<ReadOnlyVariantV3>(
        pages('query', options),
        query,
        'readOnlyVariantsV3.iterate',
      ),
  };
}
