import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
};

export default defineConfig([
  {
    ...shared,
    // One output file per source file, as TanStack Query ships: each keeps its own directive,
    // so only the modules with hooks or context are 'use client' and the rest (query options
    // and keys, createQueryClient, the core) import cleanly in React Server Components.
    // scripts/finish-build.mjs points the CommonJS files' requires at `.cjs` files.
    entry: ['src/**/*.ts', 'src/**/*.tsx', '!src/**/__tests__/**'],
    format: ['esm', 'cjs'],
    bundle: false,
    clean: true,
  },
  {
    ...shared,
    // Types: one declaration file per format and public entry.
    entry: ['src/index.ts', 'src/models.ts', 'src/lite.ts'],
    format: ['esm', 'cjs'],
    dts: { only: true },
  },
]);
