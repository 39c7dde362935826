/**
 * An OAuth endpoint's refusal (`{ error, error_description }`, RFC 6749 §5.2), in one place: what
 * an OAuth `error` code may look like, how the error mapping keeps it in a `StoreApiError`
 * (`details.applicationError.data`), and how the auth layer reads it back from there to tell
 * `invalid_grant` (the session is over) from other refusals.
 */
import { isJsonObject } from '../../internal/json.js';
import { isStoreApiError } from './type-guards.js';

/**
 * `value` when it looks like an OAuth `error` code (`invalid_grant`, `login_required`…), else
 * `undefined`: anything else a server or an address carries is never shown as one.
 */
export function oauthErrorCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z_]{1,64}$/.test(value) ? value : undefined;
}

/**
 * The data a refused call's error keeps of an OAuth answer: its `error` and `error_description`,
 * each through `clip` (which scrubs secrets and bounds the length); `{}` for any other answer.
 */
export function oauthErrorData(
  body: Record<string, unknown> | undefined,
  clip: (text: string) => string,
): Record<string, unknown> {
  if (typeof body?.error !== 'string') return {};
  const data: Record<string, unknown> = { error: clip(body.error) };
  if (typeof body.error_description === 'string') {
    data.error_description = clip(body.error_description);
  }
  return data;
}

/** The OAuth `error` code a refused call carried (`invalid_grant`…), if any. */
export function oauthErrorOf(error: unknown): string | undefined {
  if (!isStoreApiError(error)) return undefined;
  const application = error.details.applicationError;
  const data = isJsonObject(application) ? application.data : undefined;
  return oauthErrorCode(isJsonObject(data) ? data.error : undefined);
}
