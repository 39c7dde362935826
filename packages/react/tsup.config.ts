import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['react', '@tanstack/react-query', '@vitrine/sdk'],
  // Bundling drops the per-file directives; the whole bundle is client code (hooks and a
  // provider), so it carries one for React Server Components. Server code imports the core
  // from '@vitrine/sdk'.
  banner: { js: "'use client';" },
});
