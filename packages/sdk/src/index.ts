export { createStoreClient } from './client/create-store-client.js';
export type { StoreClient, StoreFetchInit } from './client/create-store-client.js';
export { DEFAULT_CAPTCHA_SITE_KEYS, DEFAULT_TIMEOUT } from './client/options.js';
export type {
  AfterResponseHook,
  BeforeErrorHook,
  BeforeRequestHook,
  RetryOptions,
  StoreClientHooks,
  StoreClientOptions,
} from './client/options.js';

export { DEFAULT_HOSTS, createHostRouter } from './http/hosts.js';
export type { HostRouter, StoreHosts } from './http/hosts.js';
export {
  MAX_GET_QUERY_LENGTH,
  decodeBase64Url,
  encodeBase64Url,
  planQueryRequest,
} from './http/query-encoding.js';
export type { QueryPlan } from './http/query-encoding.js';
export { DEFAULT_PAGE_LIMIT, DEFAULT_PAGE_OFFSET } from './http/paging.js';
export type { Paging } from './http/paging.js';
export { serializeBody } from './http/serialize.js';
export { DEFAULT_GRAPHQL_API_VERSION } from './http/graphql.js';
export type {
  GraphqlCaller,
  GraphqlError,
  GraphqlOptions,
  GraphqlResponse,
} from './http/graphql.js';

export { StoreApiError } from './http/errors/store-api-error.js';
export type { RedactedRequest } from './http/errors/store-api-error.js';
export { StoreValidationError } from './http/errors/validation-error.js';
export type { FieldViolation } from './http/errors/validation-error.js';
export { StoreApplicationError } from './http/errors/application-error.js';
export { StoreClientError } from './http/errors/client-error.js';
export { StoreSystemError } from './http/errors/system-error.js';
export { StoreArgumentError } from './http/errors/argument-error.js';
export { StoreErrorCodes } from './http/errors/codes.js';
export type { StoreErrorCode } from './http/errors/codes.js';
export {
  isStoreApiError,
  isStoreApplicationError,
  isStoreArgumentError,
  isStoreClientError,
  isStoreSystemError,
  isStoreValidationError,
} from './http/errors/type-guards.js';

export { TOKEN_ROLES } from './models/tokens.js';
export type { AccessToken, RefreshToken, TokenRole, Tokens } from './models/tokens.js';

// ── Identity (src/auth) ──

// ── Commerce (src/cart, src/catalog, src/models, src/webhooks) ──
