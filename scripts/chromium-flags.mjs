// How the repository's browser tests and benchmarks launch Chromium (the SDK's, the shops', the
// starter package's); plain JavaScript, so the benchmarks (which run as they are, with no
// TypeScript step) read it too.

/** Where the browser is: Debian's Chromium, or `CHROMIUM_PATH`. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags of every launch: headless, no sandbox (CI runs as root), nothing that reaches the
 * network on its own (updates, sync, first-run pages). playwright-core gives every launch a fresh
 * temporary `--user-data-dir` of its own (it refuses one here), removed when the browser closes.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]);
