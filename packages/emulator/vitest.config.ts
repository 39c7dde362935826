import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each run's temporary folders in a directory of its own, which must be empty at the end.
    globalSetup: ['test/temporary-folders.ts'],
    testTimeout: 30_000,
  },
});
