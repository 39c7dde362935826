import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    // `import.meta.url` in the CommonJS build too: the drop-in finds its hook files from it.
    shims: true,
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    platform: 'node',
  },
  {
    entry: ['src/cli.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
