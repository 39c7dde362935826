import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'jsdom',
    // The *.test-d.ts type tests (expectTypeOf) are checked by `npm run typecheck` (tsc over src/),
    // which fails on any that does not hold: vitest does not run tsc over them a second time.
    testTimeout: 20_000,
    setupFiles: ['test/real-http-waits.ts'],
  },
});
