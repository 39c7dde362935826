import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // The *.test-d.ts type tests (expectTypeOf) are checked by `npm run typecheck` (tsc over src/),
    // which fails on any that does not hold: vitest does not run tsc over them a second time.
  },
});
