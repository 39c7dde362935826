/**
 * Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`) driven by playwright-core: no
 * browser is ever downloaded.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium-flags.mjs';

export { CHROMIUM, CHROMIUM_ARGS };

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
