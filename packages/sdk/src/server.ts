// `@vitrine/sdk/server`: what a server needs to give each request its own client, with the
// shopper's tokens in cookies that the browser client reads too. Nothing here touches a DOM.
export { createServerStoreClient, sessionIdentity } from './server/create-server-store-client.js';
export type {
  RequestCookies,
  ServerStoreClientOptions,
} from './server/create-server-store-client.js';
export { readRequestSession } from './server/request-session.js';
export type { ReadRequestSessionOptions, RequestSession } from './server/request-session.js';
export { answerSessionRequest } from './server/session-request.js';
export type { SessionRequestOptions } from './server/session-request.js';
export { cookieStorage, readStoreSnapshot, serializeCookie } from './index.js';
export type {
  CookieAttributes,
  CookieStorageOptions,
  ReadStoreSnapshotOptions,
  StoreSnapshot,
} from './index.js';
