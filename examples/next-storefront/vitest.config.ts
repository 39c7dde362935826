import { defineConfig } from 'vitest/config';

// The browser tests (e2e/), in Node: they drive Chromium through playwright-core against the
// built shop. Each file starts its own shop server, emulator and browser; its tests run one
// after another.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Two files at a time at most: Next's server and Chromium are heavy on a small CI machine.
    maxWorkers: 2,
    // What a page shows after a change may take more than expect.poll's default second while
    // the other file's server and browser hold the CPU.
    expect: { poll: { timeout: 10_000 } },
  },
});
