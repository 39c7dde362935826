/**
 * Errors in the platform's wire shapes (platform-wire.md, "Errors on the wire").
 *
 * Handlers throw these; the app's error handler turns them into responses. Descriptions never
 * contain the offending value, only the field name and the rule, so secrets sent in the wrong
 * place are never echoed back.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The platform's violated-rule values (spec.md §3 "Violation rule type"). */
export type ViolatedRule =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT';

/** One entry of `details.validationError.fieldViolations`. */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  data?: Record<string, unknown>;
}

/** The JSON body of every non-token error response. */
export interface ErrorBody {
  message: string;
  details:
    | { applicationError: { code: string; description: string; data: Record<string, unknown> } }
    | { validationError: { fieldViolations: FieldViolation[] } };
}

/** An error answered in the platform's shape; thrown by handlers, rendered by the app. */
export class ApiError extends Error {
  override name = 'ApiError' as const;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
  }
}

/** Longest field name quoted back; field names come from the caller's keys. */
const MAX_FIELD_LENGTH = 200;

function clipField(field: string): string {
  return field.length > MAX_FIELD_LENGTH ? `${field.slice(0, MAX_FIELD_LENGTH)}…` : field;
}

/**
 * A 400 validation error listing every violation, sorted by field so answers are stable.
 * @example throw validationError([{ field: 'product.name', description: 'is required', violatedRule: 'REQUIRED_FIELD' }])
 */
export function validationError(violations: readonly FieldViolation[]): ApiError {
  const fieldViolations = violations
    .map((v) => ({ ...v, field: clipField(v.field) }))
    .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  const summary = fieldViolations.map((v) => `${v.field}: ${v.description}`).join('; ');
  return new ApiError(400, {
    message: `INVALID_ARGUMENT: ${summary}`,
    details: { validationError: { fieldViolations } },
  });
}

/** A single-field validation error. */
export function fieldError(
  field: string,
  description: string,
  violatedRule: ViolatedRule = 'VALIDATION',
  data?: Record<string, unknown>,
): ApiError {
  return validationError([{ field, description, violatedRule, ...(data ? { data } : {}) }]);
}

/** An application error with a platform code, e.g. `-19976` for a wrong password. */
export function applicationError(
  status: ContentfulStatusCode,
  code: string,
  description: string,
  data: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(
    status,
    { message: description, details: { applicationError: { code, description, data } } },
    headers,
  );
}

/** 404 with application code `NOT_FOUND` (docs/wire-conventions.md). */
export function notFound(description: string): ApiError {
  return applicationError(404, 'NOT_FOUND', description);
}

/** 401 with application code `UNAUTHORIZED` (docs/wire-conventions.md). */
export function unauthorized(description: string): ApiError {
  const error = applicationError(401, 'UNAUTHORIZED', description);
  (error.body as { message: string }).message = 'Unauthorized';
  return error;
}

/** The OAuth error codes the token endpoint answers (docs/wire-conventions.md). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type';

/** An error of `POST /oauth2/token`, answered as `{error, error_description}`. */
export class OAuthError extends Error {
  override name = 'OAuthError' as const;

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }

  /** 401 for client authentication failures, 400 otherwise (RFC 6749 §5.2). */
  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}
