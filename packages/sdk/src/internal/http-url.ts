/** The one check of an address the SDK is given or sends the browser to. */
import { StoreArgumentError } from '../errors/argument-error.js';

/**
 * `value` as an absolute http(s) URL: never a relative path, nor a `javascript:` or `data:`
 * address.
 * @throws {StoreArgumentError} naming `argument` otherwise.
 */
export function httpUrl(argument: string, value: unknown): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    // Not a URL at all: refused below.
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new StoreArgumentError(argument, 'must be an absolute http(s) URL');
  }
  return url;
}
