import { defineConfig } from 'vitest/config';

// Unit tests of the kit's pure pieces (formatting, error sentences), in Node. The components and
// the browser-test helpers are exercised by both shops' browser tests.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
