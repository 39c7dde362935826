import { defineConfig } from 'vitest/config';

// src/: the scaffolding itself, against temporary folders. test/: the starter end to end, from
// the packed tarballs (npm install, next build, its own browser journey, axe on every page).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // @vitrine/next's README followed into a create-next-app app: `npm run test:readme-app`.
    exclude: ['test/readme-app.test.ts', '**/node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
