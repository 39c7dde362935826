import { defineConfig } from 'vitest/config';

// The browser test (e2e/), in Node: it drives Chromium through playwright-core against the built
// shop, served with the emulator's drop-in in its NODE_OPTIONS.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
