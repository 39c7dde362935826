/**
 * Which store the shop talks to, read from the server's environment when a request comes in,
 * not when the shop is built: one build runs against any store (the emulator in development,
 * the platform in production). Server only; never an argument of a cached or server function,
 * so no request can point the shop's server at another address.
 */
import { StoreArgumentError } from '@vitrine/sdk';

/** The store's address and headless client id. */
export interface StoreConfig {
  /** The store's headless client id (`VITRINE_CLIENT_ID`). */
  clientId: string;
  /**
   * One origin for both of the platform's hosts (`VITRINE_API_URL`): the emulator, or a proxy.
   * `undefined` for the hosted platform.
   */
  baseUrl: string | undefined;
}

/**
 * The store of this server: `VITRINE_CLIENT_ID` (required) and `VITRINE_API_URL` (optional).
 *
 * @example readStoreConfig({ VITRINE_CLIENT_ID: 'my-client', VITRINE_API_URL: 'http://127.0.0.1:4010/' })
 * // { clientId: 'my-client', baseUrl: 'http://127.0.0.1:4010' }
 * @throws {StoreArgumentError} when `VITRINE_CLIENT_ID` is missing or `VITRINE_API_URL` is not
 * an absolute http(s) URL.
 */
export function readStoreConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): StoreConfig {
  const clientId = nonEmpty(env.VITRINE_CLIENT_ID);
  if (clientId === undefined) {
    throw new StoreArgumentError(
      'VITRINE_CLIENT_ID',
      "must be set to the store's headless client id (the emulator's is vitrine-local-client)",
    );
  }
  const apiUrl = nonEmpty(env.VITRINE_API_URL);
  return { clientId, baseUrl: apiUrl === undefined ? undefined : originOf(apiUrl) };
}

function originOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StoreArgumentError('VITRINE_API_URL', 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StoreArgumentError('VITRINE_API_URL', 'must be an absolute http(s) URL');
  }
  return value.trim().replace(/\/+$/, '');
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
