import { defineConfig } from 'vitest/config';

// `npm run bench`: a measured run, kept out of `npm test` (it writes BENCHMARKS.md).
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.tsx'],
    environment: 'jsdom',
    testTimeout: 60_000,
  },
});
