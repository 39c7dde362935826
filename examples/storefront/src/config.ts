/**
 * Runtime configuration. `index.html` loads `/config.js` before the app, which sets
 * `window.VITRINE_CONFIG`; the same build can then run against any emulator or store.
 */

/** What `/config.js` may set. */
export interface StorefrontConfig {
  /** Origin of the store's API (the emulator, or a proxy). */
  baseUrl: string;
  /** The store's headless client id. */
  clientId: string;
}

declare global {
  interface Window {
    VITRINE_CONFIG?: Partial<StorefrontConfig>;
  }
}

/** Used when `/config.js` is missing or leaves a field out: the local emulator of `npm start`. */
export const DEFAULT_CONFIG: StorefrontConfig = {
  baseUrl: 'http://127.0.0.1:4010',
  clientId: 'vitrine-local-client',
};

/** Reads the configuration, falling back field by field to {@link DEFAULT_CONFIG}. */
export function readConfig(source: Partial<StorefrontConfig> | undefined): StorefrontConfig {
  const baseUrl = nonEmpty(source?.baseUrl) ?? DEFAULT_CONFIG.baseUrl;
  const clientId = nonEmpty(source?.clientId) ?? DEFAULT_CONFIG.clientId;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), clientId };
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
