/**
 * Which store the shop talks to. Read from the server's environment when a request comes in, not
 * when the shop is built, so one build runs against any emulator or store; the browser receives
 * it as props of `<Providers>`.
 */

/** The store's API origin and headless client id. */
export interface StoreConfig {
  /** Origin of the store's API (the emulator, or a proxy). */
  baseUrl: string;
  /** The store's headless client id. */
  clientId: string;
}

/** The emulator of `npm start` / `npm run start:next`. */
export const DEFAULT_STORE_CONFIG: StoreConfig = {
  baseUrl: 'http://127.0.0.1:4010',
  clientId: 'vitrine-local-client',
};

/**
 * `VITRINE_API_URL` and `VITRINE_CLIENT_ID`, each falling back to {@link DEFAULT_STORE_CONFIG}.
 * @example readStoreConfig({ VITRINE_API_URL: 'http://127.0.0.1:4011/' }).baseUrl // 'http://127.0.0.1:4011'
 */
export function readStoreConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): StoreConfig {
  const baseUrl = nonEmpty(env.VITRINE_API_URL) ?? DEFAULT_STORE_CONFIG.baseUrl;
  const clientId = nonEmpty(env.VITRINE_CLIENT_ID) ?? DEFAULT_STORE_CONFIG.clientId;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), clientId };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
