/**
 * `store.members`: a face every page holds, whose calls load the member calls (member-calls.ts,
 * a chunk of their own) the first time one is made; a storefront's first page makes none.
 */
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { Transport } from '../http/transport.js';
import type { MembersApi } from './types.js';

/** `store.members` on `transport`, its calls loaded by the first one. */
export function createMembersApi(transport: Transport): MembersApi {
  const load = loadOnFirstUse(async () =>
    (await import('./member-calls.js')).createMemberCalls(transport),
  );
  return lazyFace(load, ['getCurrentMember']);
}
