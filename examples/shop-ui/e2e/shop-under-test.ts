/**
 * What a shop's browser tests run against: the shop's origin, a fresh emulator that registers
 * that origin's return addresses, and one Chromium. Each shop's `e2e/harness.ts` says how its own
 * server starts; the rest is here.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from '@vitrine/emulator';
import type { Browser } from 'playwright-core';

/** The client id the tests' emulator registers (the emulator's default). */
export const CLIENT_ID = 'vitrine-local-client';

/** Generous but bounded waits: the machine running CI may be slow and shared. */
export const WAIT_MS = 15_000;

/** A shop under test, as a test file reads it (inside its tests, once `beforeAll` has run). */
export interface ShopUnderTest {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  emulator: Emulator;
  browser: Browser;
  /** A shop address: `url('/cart')`. */
  url(path?: string): string;
}

/**
 * A fresh emulator on a free port that registers `origin`'s return addresses (`/callback` and
 * `/`) for {@link CLIENT_ID}, so the hosted pages come back to the shop under test.
 */
export function startShopEmulator(
  origin: string,
  options: Omit<EmulatorOptions, 'port' | 'clients'> = {},
): Promise<Emulator> {
  return startEmulator({
    port: 0,
    ...options,
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${origin}/callback`, `${origin}/`] }],
  });
}
