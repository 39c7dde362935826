import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
};

// `@vitrine/sdk/server` imports the root entry; it stays an import of the built root entry
// (scripts/finish-build.mjs points it at the file of the same format).
const rootEntry = [/^\.\.?\/index\.js$/];

export default defineConfig([
  {
    ...shared,
    entry: ['src/index.ts', 'src/models.ts'],
    format: ['esm'],
    // tsup splits the ESM build (its default for `esm`): the parts of the client loaded on first
    // use (the cart engine, sign-in, error mapping, catalog writes…) stay dynamic `import()`s of
    // their own chunk, which an app's bundler keeps out of its initial bundle.
    external: ['ky', 'zustand', 'jose'],
  },
  {
    ...shared,
    // The enumerations' values hold no state: a CommonJS copy of their own is harmless.
    entry: ['src/models.ts'],
    format: ['cjs'],
  },
  {
    ...shared,
    entry: ['src/index.ts'],
    format: ['cjs'],
    // The CommonJS build, for Node, is one file. ky ships only ES modules with a default
    // export, which `require()` hands back as a namespace that CommonJS interop cannot unwrap
    // (`ky.default.create is not a function`), so ky is bundled into it; zustand ships CommonJS,
    // and jose is used through named exports only, which `require()` of ES modules serves.
    noExternal: ['ky'],
    external: ['zustand', 'jose'],
  },
  {
    ...shared,
    entry: ['src/server.ts'],
    format: ['esm'],
    external: rootEntry,
  },
  {
    ...shared,
    entry: ['src/server.ts'],
    format: ['cjs'],
    external: rootEntry,
  },
]);
