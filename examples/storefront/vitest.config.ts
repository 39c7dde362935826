import { defineConfig } from 'vitest/config';

// Unit tests of the storefront's own small pieces (src/__tests__) and the browser tests (e2e/),
// all in Node: the browser tests drive Chromium through playwright-core. Each browser test file
// starts its own storefront server, emulator and browser; its tests run one after another.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Two browser test files at a time at most: Chromium is heavy on a small CI machine.
    maxWorkers: 2,
    // What a page shows after a change may take more than expect.poll's default second while
    // the other file's server and browser hold the CPU.
    expect: { poll: { timeout: 10_000 } },
  },
});
