import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

interface ExportTarget {
  types?: string;
}

// The public entries are the package's `exports`: each `./dist/<name>.d.ts` is declared from
// `src/<name>.ts` (or `.tsx`), so adding an entry to `exports` is all a new one needs.
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, ExportTarget | string>;
};
const publicEntries = Object.values(manifest.exports)
  .flatMap((target) => (typeof target === 'object' && target.types ? [target.types] : []))
  .map((types) => types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, ''))
  .map((base) => (existsSync(`${base}.tsx`) ? `${base}.tsx` : `${base}.ts`));

export default defineConfig([
  {
    // One output file per source file: each keeps its own directive ('use client', 'use server'),
    // which Next.js reads per module, and an app's bundler takes only the modules a page imports.
    entry: ['src/**/*.ts', 'src/**/*.tsx', '!src/**/__tests__/**'],
    format: ['esm'],
    bundle: false,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    sourcemap: true,
  },
  {
    entry: publicEntries,
    format: ['esm'],
    dts: { only: true },
  },
]);
