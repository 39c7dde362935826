import { defineConfig } from 'vitest/config';

// src/: the scaffolding itself, against temporary folders. test/: the starter end to end, from
// the packed tarballs (npm install, next build, its own browser journey, axe on every page).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
