import { defineConfig } from 'vitest/config';

// `npm run test:readme-app`: @vitrine/next's README followed into a create-next-app app
// (test/readme-app.test.ts). Heavy (two installs and two builds of a fresh app): not part of
// `npm test`.
export default defineConfig({
  test: {
    include: ['test/readme-app.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
