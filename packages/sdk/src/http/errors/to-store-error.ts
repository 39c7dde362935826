import { isJsonObject } from '../../internal/json.js';
import { scrubValue } from '../redact.js';
import { safeCause, scrubText } from '../scrub.js';
import { statusTextOf, toConstantCase } from '../status-text.js';
import { StoreApplicationError } from './application-error.js';
import { CatalogVersionError, type StoreCatalogVersion } from './catalog-version-error.js';
import { oauthErrorData } from './oauth-error.js';
import { StoreClientError } from './client-error.js';
import { StoreApiError, type RedactedRequest } from './store-api-error.js';
import { StoreSystemError } from './system-error.js';
import { StoreValidationError, type FieldViolation } from './validation-error.js';

/** What the transport knows about the call that failed. */
export interface ErrorContext {
  request: RedactedRequest;
  /** Values to scrub from anything the server sent back (the token, passwords…). */
  secrets: readonly string[];
  /**
   * Wire field paths mapped to the caller's argument names, so a violation of `loginId.email`
   * reads as `email`. The longest matching prefix wins.
   */
  argumentNames?: Readonly<Record<string, string>> | undefined;
  /** For timeouts: the limit that was hit, in ms. */
  timeout?: number | undefined;
}

/** An answer that was not a success, with its body already read and parsed. */
export interface FailedResponse {
  readonly kind: 'response';
  status: number;
  statusText: string;
  requestId: string | undefined;
  /** The parsed JSON body, or `undefined` when it was empty or not JSON. */
  body: unknown;
}

// Server strings end up in messages; a hostile server should not make them unbounded.
const MAX_SERVER_TEXT = 1000;

/**
 * Turns anything received or thrown during a call into the SDK's error, as the platform's
 * error catalogue reads:
 * validation detail → {@link StoreValidationError}; application detail →
 * {@link StoreApplicationError}; other 4xx → {@link StoreClientError}; anything else →
 * {@link StoreSystemError}. Errors already of the hierarchy come back unchanged.
 *
 * @throws the input itself when it is not an object (non-object failures are rethrown).
 */
export function toStoreError(input: unknown, context: ErrorContext): StoreApiError {
  if (input instanceof StoreApiError) return input;
  if (typeof input !== 'object' || input === null) {
    throw input;
  }
  if (isFailedResponse(input)) return fromResponse(input, context);
  return fromThrown(input, context);
}

function isFailedResponse(value: object): value is FailedResponse {
  return (value as Partial<FailedResponse>).kind === 'response';
}

function fromResponse(response: FailedResponse, context: ErrorContext): StoreApiError {
  const { status } = response;
  // The request id is server text too: a hostile or broken server could echo a secret in it.
  const requestId =
    response.requestId === undefined ? undefined : clip(response.requestId, context);
  const statusText = statusTextOf(status, response.statusText);
  const body = isJsonObject(response.body) ? response.body : undefined;
  const serverDetails = isJsonObject(body?.details) ? body.details : undefined;
  const serverMessage = clip(stringOr(body?.message, ''), context);
  const base = {
    status,
    requestId,
    request: context.request,
    retryable: status === 429 || status >= 500,
  };

  const validation = serverDetails?.validationError;
  if (isJsonObject(validation)) {
    const fieldViolations = renameViolations(validation.fieldViolations, context);
    const listed = fieldViolations.map(({ field, description }) => `"${field}" ${description}`);
    return new StoreValidationError({
      ...base,
      message: `INVALID_ARGUMENT: ${listed.join(', ')}`,
      code: 'INVALID_ARGUMENT',
      details: { validationError: { fieldViolations }, requestId },
      fieldViolations,
    });
  }

  const application = serverDetails?.applicationError;
  if (isJsonObject(application)) {
    const message = serverMessage || statusText;
    const description = clip(stringOr(application.description, statusText), context);
    const code = codeOf(application.code) ?? toConstantCase(statusText);
    const data = isJsonObject(application.data)
      ? scrubValue(application.data, context.secrets)
      : {};
    const init = {
      ...base,
      message: message === description ? message : `${message}: ${description}`,
      code,
      details: { applicationError: { description, code, data }, requestId },
      description,
      data,
    };
    const storeCatalog = status === 428 ? wrongCatalog(code) : undefined;
    if (storeCatalog !== undefined) {
      // The platform's own text stays in the details (it links its docs on catalog versions).
      return new CatalogVersionError({
        ...init,
        message: wrongCatalogMessage(storeCatalog, context),
        details: { ...init.details, ...(serverMessage ? { message: serverMessage } : {}) },
        storeCatalog,
      });
    }
    // A V3 store still being set up after Stores was installed: the same call works shortly.
    if (code === 'CATALOG_V3_SITE_PROVISIONING') init.retryable = true;
    return new StoreApplicationError(init);
  }

  if (status >= 400 && status < 500) {
    const code = toConstantCase(statusText);
    return new StoreClientError({
      ...base,
      message: serverMessage || statusText,
      code,
      details: {
        applicationError: {
          description: statusText,
          code,
          data: oauthErrorData(body, (text) => clip(text, context)),
        },
        requestId,
      },
    });
  }

  const reason =
    status === 200 ? 'the answer was not a JSON object' : `HTTP ${status} ${statusText}`;
  return new StoreSystemError({
    ...base,
    retryable: status !== 200 && base.retryable,
    message: systemMessage(requestId, `${reason} (${context.request.method} ${pathOf(context)})`),
    code: status === 200 ? 'UNEXPECTED_RESPONSE' : toConstantCase(statusText),
    details: { requestId, ...(serverMessage ? { message: serverMessage } : {}) },
  });
}

/** The catalog a store runs, from the code of its 428 to a call of the other catalog. */
function wrongCatalog(code: string): Exclude<StoreCatalogVersion, 'none'> | undefined {
  switch (code) {
    // The second spelling is reported by third-party code only.
    case 'CATALOG_V3_CALLING_CATALOG_V1_API':
    case 'CATALOG_V3_SITE_CALLING_CATALOG_V1_API':
      return 'v3';
    case 'CATALOG_V1_SITE_CALLING_CATALOG_V3_API':
      return 'v1';
    default:
      return undefined;
  }
}

/** What a call of the wrong catalog tells the developer: the store's catalog, and what to call. */
function wrongCatalogMessage(storeCatalog: 'v1' | 'v3', context: ErrorContext): string {
  const call = `${context.request.method} ${pathOf(context)}`;
  return storeCatalog === 'v3'
    ? `This store runs Catalog V3, and this is a Catalog V1 call (${call}): use store.productsV3 / store.categories, or the storefront reads that work on either catalog`
    : `This store runs Catalog V1, and this is a Catalog V3 call (${call}): use store.products / store.collections, or the storefront reads that work on either catalog`;
}

function fromThrown(thrown: object, context: ErrorContext): StoreApiError {
  const name = (thrown as { name?: unknown }).name;
  const isTimeout = name === 'TimeoutError';
  const where = `${context.request.method} ${pathOf(context)}`;
  const reason = isTimeout
    ? `no answer within ${context.timeout ?? '?'} ms (${where})`
    : `network error (${where})`;
  return new StoreSystemError({
    status: undefined,
    requestId: undefined,
    request: context.request,
    retryable: true,
    message: systemMessage(undefined, reason),
    code: isTimeout ? 'TIMEOUT' : 'NETWORK_ERROR',
    details: {},
    cause: safeCause(thrown, context.secrets),
  });
}

function systemMessage(requestId: string | undefined, reason: string): string {
  return requestId
    ? `System error occurred, request-id: ${requestId}`
    : `System error occurred: ${reason}`;
}

function pathOf(context: ErrorContext): string {
  try {
    return new URL(context.request.url).pathname;
  } catch {
    return '?';
  }
}

function renameViolations(raw: unknown, context: ErrorContext): FieldViolation[] {
  if (!Array.isArray(raw)) return [];
  const violations: FieldViolation[] = [];
  for (const item of raw) {
    if (!isJsonObject(item)) continue;
    const field = renameField(clip(stringOr(item.field, ''), context), context.argumentNames);
    const violation: FieldViolation = {
      field,
      description: clip(stringOr(item.description, ''), context),
    };
    if (typeof item.violatedRule === 'string') violation.violatedRule = item.violatedRule;
    if (isJsonObject(item.data)) violation.data = scrubValue(item.data, context.secrets);
    violations.push(violation);
  }
  return violations.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

function renameField(field: string, names: Readonly<Record<string, string>> | undefined): string {
  if (!names) return field;
  const exact = names[field];
  if (exact !== undefined) return exact;
  let best: string | undefined;
  for (const path of Object.keys(names)) {
    const atBoundary = field.startsWith(path) && /^[.[]/.test(field.slice(path.length));
    if (atBoundary && (best === undefined || path.length > best.length)) best = path;
  }
  return best === undefined ? field : `${names[best]}${field.slice(best.length)}`;
}

function codeOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function clip(text: string, context: ErrorContext): string {
  const scrubbed = scrubText(text, context.secrets);
  return scrubbed.length > MAX_SERVER_TEXT ? `${scrubbed.slice(0, MAX_SERVER_TEXT)}…` : scrubbed;
}
