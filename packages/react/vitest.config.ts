import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'jsdom',
    // The *.test-d.ts type tests, checked by tsc (their expectTypeOf calls never run).
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
  },
});
