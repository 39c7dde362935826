/**
 * The wire tests' boundary: the platform's official client (`@wix/sdk` and its Catalog V3 and
 * Cart V2 modules, exact versions) and the SDK each make the same operation against a stub `fetch`;
 * both requests are captured and compared as the platform reads them: method, path, query
 * (parsed, `.r` decoded as JSON) and JSON body. Hosts are left aside: the official client sends
 * a visitor's calls to edge.wixapis.com and an API key's to www.wixapis.com.
 */
import * as categories from '@wix/auto_sdk_categories_categories';
import * as currentCartV2 from '@wix/auto_sdk_ecom_current-cart-v-2';
import * as inventoryItemsV3 from '@wix/auto_sdk_stores_inventory-items-v-3';
import * as productsV3 from '@wix/auto_sdk_stores_products-v-3';
import * as readOnlyVariantsV3 from '@wix/auto_sdk_stores_read-only-variants-v-3';
import { ApiKeyStrategy, OAuthStrategy, createClient } from '@wix/sdk';
import { expect, vi } from 'vitest';
import { recordingFetch, type RecordedRequest } from './helpers.js';
import { createStoreClient, type StoreClient } from '../client/create-store-client.js';
import { decodeBase64Url } from '../http/query-encoding.js';

const modules = { productsV3, categories, readOnlyVariantsV3, inventoryItemsV3, currentCartV2 };

/** The official client of a visitor (OAuth, visitor tokens) and of the merchant (API key). */
export function officialClients(fetchImpl: typeof fetch) {
  return {
    visitor: createClient({ modules, auth: OAuthStrategy({ clientId: 'c1' }), fetch: fetchImpl }),
    merchant: createClient({
      modules,
      auth: ApiKeyStrategy({ apiKey: 'official-api-key', siteId: 'site-1' }),
      fetch: fetchImpl,
    }),
  };
}
export type OfficialClients = ReturnType<typeof officialClients>;

/** The SDK's clients: a visitor with tokens, and the merchant with the API key. */
export interface SdkClients {
  visitor: StoreClient;
  merchant: StoreClient;
}

/** What the platform reads of a request. */
export interface WireRequest {
  method: string;
  path: string;
  /** The parameters by name (repeated ones in order), or the decoded `.r`. */
  query: Record<string, string[]> | { '.r': unknown };
  body: unknown;
}

/** A request as {@link WireRequest}. */
export function wireOf(request: RecordedRequest): WireRequest {
  const r = request.url.searchParams.get('.r');
  const query: Record<string, string[]> = {};
  for (const [name, value] of request.url.searchParams) (query[name] ??= []).push(value);
  return {
    method: request.method,
    path: request.url.pathname,
    query: r === null ? query : { '.r': JSON.parse(decodeBase64Url(r)) as unknown },
    body: request.body === '' ? undefined : (JSON.parse(request.body) as unknown),
  };
}

/** Answers a request: the body of a JSON 200 (by the request's index among the API calls). */
export type Answer = (request: Request, index: number) => unknown;

const TOKEN_GRANT = { access_token: 'at_official', refresh_token: 'rt_official', expires_in: 3600 };

/** A `fetch` answering the token grant and every other call with `answer`. */
function stubFetch(answer: Answer) {
  let calls = 0;
  return recordingFetch((request) => {
    const body =
      new URL(request.url).pathname === '/oauth2/token' ? TOKEN_GRANT : answer(request, calls++);
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
}

/** The API requests the official client sends for `run` (its token grant left out). */
export async function officialRequests(
  run: (clients: OfficialClients) => Promise<unknown>,
  answer: Answer,
): Promise<WireRequest[]> {
  const recorder = stubFetch(answer);
  // Its token grant goes through the global fetch whatever fetch the client is given.
  vi.stubGlobal('fetch', recorder.fetch);
  try {
    await run(officialClients(recorder.fetch));
  } finally {
    vi.unstubAllGlobals();
  }
  return recorder.requests
    .filter((request) => request.url.pathname !== '/oauth2/token')
    .map(wireOf);
}

/** The requests the SDK sends for `run`, with their origins. */
export async function sdkRequests(
  run: (clients: SdkClients) => Promise<unknown>,
  answer: Answer,
): Promise<{ wire: WireRequest[]; origins: string[] }> {
  const recorder = stubFetch(answer);
  const tokens = {
    accessToken: { value: 'at_sdk-visitor', expiresAt: 4_102_444_800 },
    refreshToken: { value: 'rt_sdk', role: 'visitor' as const },
  };
  const visitor = createStoreClient({ clientId: 'c1', fetch: recorder.fetch, tokens, retry: 0 });
  const merchant = createStoreClient({
    clientId: 'c1',
    fetch: recorder.fetch,
    apiKey: 'sdk-api-key',
    retry: 0,
  });
  try {
    await run({ visitor, merchant });
  } finally {
    visitor.dispose();
    merchant.dispose();
  }
  return {
    wire: recorder.requests.map(wireOf),
    origins: recorder.requests.map((request) => request.url.origin),
  };
}

/** Every list and wrapper a Catalog V3 answer may hold, so any read or write is answered. */
export const ANY_ANSWER: Answer = () => ({
  product: { id: 'p1', revision: '2' },
  category: { id: 'c1', revision: '2' },
  inventoryItem: { id: 'i1', revision: '2' },
  products: [],
  categories: [],
  variants: [],
  inventoryItems: [],
  items: [],
  results: [],
  count: 0,
  pagingMetadata: { count: 0, cursors: {}, hasNext: false },
});

/**
 * Answers a first page of one item with a next cursor, then a last page: for comparing the
 * request of a next page.
 */
export function twoPages(list: string): Answer {
  return (_request, index) =>
    index === 0
      ? {
          [list]: [{ id: 'first' }],
          pagingMetadata: { count: 1, cursors: { next: 'CURSOR-2' }, hasNext: true },
        }
      : { [list]: [{ id: 'second' }], pagingMetadata: { count: 1, cursors: {}, hasNext: false } };
}

/**
 * Runs the same operation through the official client and the SDK, and asserts that the
 * platform receives the same requests; the SDK's all go to the API host. Resolves with them.
 */
export async function expectSameWire(
  official: (clients: OfficialClients) => Promise<unknown>,
  sdk: (clients: SdkClients) => Promise<unknown>,
  answer: Answer = ANY_ANSWER,
): Promise<WireRequest[]> {
  const theirs = await officialRequests(official, answer);
  const ours = await sdkRequests(sdk, answer);
  expect(theirs.length).toBeGreaterThan(0);
  expect(ours.wire).toEqual(theirs);
  expect(new Set(ours.origins)).toEqual(new Set(['https://www.wixapis.com']));
  return ours.wire;
}
