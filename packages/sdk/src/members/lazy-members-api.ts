/**
 * `store.members`, loaded on first use: the member calls are in a separate chunk, fetched the
 * first time one is made (a storefront's first page makes none).
 */
import { deferMethods, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { MembersApi } from './types.js';

/** `store.members` on `transport`, its code loaded by the first call. */
export function lazyMembersApi(transport: Transport): MembersApi {
  return deferMethods<MembersApi, 'getCurrentMember'>(
    loadOnFirstUse(async () => (await import('./members-api.js')).createMembersApi(transport)),
    ['getCurrentMember'],
  );
}
