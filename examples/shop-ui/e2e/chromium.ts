/**
 * Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`) driven by playwright-core: no
 * browser is ever downloaded.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where the browser is. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags of every launch: headless, no sandbox (CI runs as root), nothing that reaches the
 * network on its own (updates, sync, first-run pages). playwright-core gives every launch a fresh
 * temporary `--user-data-dir` of its own (it refuses one here), removed when the browser closes.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Fails with a clear message when there is no Chromium.
 * @throws Error naming the path looked at and how to install Debian's.
 */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. Install Debian's: \`apt-get install -y chromium\` ` +
        '(the tests never download a browser). Set CHROMIUM_PATH to use another.',
    );
  }
}

/**
 * Starts a headless Chromium with {@link CHROMIUM_ARGS} and `extraArgs` (the emulator drop-in's
 * flags, say); close it when done.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
