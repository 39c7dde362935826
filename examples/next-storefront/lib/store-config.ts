/**
 * Which store the shop talks to. Read from the server's environment when a request comes in, not
 * when the shop is built, so one build runs against any emulator or store; the browser's client
 * receives it as props of `<StoreIsland>`.
 */
import { connection } from 'next/server';

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

/**
 * {@link readStoreConfig} for a server component, at request time: `connection()` first, so the
 * build's prerendering stops there instead of reading (and baking into the page) the build
 * machine's environment. Components that read cookies first need not: they run at request time.
 */
export async function requestStoreConfig(): Promise<StoreConfig> {
  await connection();
  return readStoreConfig();
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
