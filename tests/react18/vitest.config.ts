import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs @vitrine/react's own hook tests with React 18: this folder's node_modules hold React 18
// (the workspace root has 19), and every import of react or react-dom — from the tests, the
// hooks, TanStack Query and Testing Library — is pointed at it.
const here = dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(join(here, 'package.json'));
const reactPackage = join(here, '..', '..', 'packages', 'react');

const react18 = (specifier: string) => ({
  find: new RegExp(`^${specifier.replace('/', '\\/')}$`),
  replacement: requireHere.resolve(specifier),
});

export default defineConfig({
  resolve: {
    // Testing Library's ES module build, whose imports Vite can redirect (its CommonJS build
    // would `require` React 19 from the workspace root).
    mainFields: ['module', 'main'],
    alias: [
      react18('react'),
      react18('react/jsx-runtime'),
      react18('react/jsx-dev-runtime'),
      react18('react-dom'),
      react18('react-dom/client'),
      react18('react-dom/server'),
      react18('react-dom/test-utils'),
    ],
  },
  test: {
    root: reactPackage,
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'test/**/*.test.tsx',
      join(here, '*.test.tsx'),
    ],
    environment: 'jsdom',
    testTimeout: 20_000,
    setupFiles: ['test/real-http-waits.ts'],
    // Inlined (transformed by Vite rather than loaded by Node) so the aliases reach their imports.
    server: { deps: { inline: ['@tanstack/react-query', /@testing-library\/react/] } },
  },
});
