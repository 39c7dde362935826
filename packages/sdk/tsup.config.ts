import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: ['src/index.ts'],
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
};

export default defineConfig([
  {
    ...shared,
    format: ['esm'],
    // tsup splits the ESM build (its default for `esm`): the parts of the client loaded on first
    // use (sign-in, redirect sessions, catalog writes, the cart carry-over) stay dynamic
    // `import()`s of their own chunk, which an app's bundler keeps out of its initial bundle.
    external: ['ky', 'zustand', 'jose'],
  },
  {
    ...shared,
    format: ['cjs'],
    // The CommonJS build, for Node, is one file. ky ships only ES modules with a default
    // export, which `require()` hands back as a namespace that CommonJS interop cannot unwrap
    // (`ky.default.create is not a function`), so ky is bundled into it; zustand ships CommonJS,
    // and jose is used through named exports only, which `require()` of ES modules serves.
    noExternal: ['ky'],
    external: ['zustand', 'jose'],
  },
]);
