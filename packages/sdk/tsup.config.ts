import { existsSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
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

const src = resolve(import.meta.dirname, 'src');

// The error classes and their guards are shared by the root entry and the parts loaded on first
// use: `instanceof` needs one class. The parts import them from the built root entry, where each
// is exported under the same name.
const THROUGH_ROOT = [
  'errors/vitrine-error.ts',
  'errors/is-vitrine-error.ts',
  'errors/argument-error.ts',
  'http/errors/store-api-error.ts',
  'http/errors/validation-error.ts',
  'http/errors/application-error.ts',
  'http/errors/catalog-version-error.ts',
  'http/errors/client-error.ts',
  'http/errors/system-error.ts',
  'http/errors/codes.ts',
  'http/errors/type-guards.ts',
  'auth/store-auth-error.ts',
  'cart/cart-operation-cancelled-error.ts',
].map((file) => resolve(src, file));

// The base error classes: one built file (dist/base-errors.js) that every entry imports, so an
// app that loads several entries has one class of each (see src/errors/base-errors.ts).
const BASE_ERRORS = [
  'errors/vitrine-error.ts',
  'errors/argument-error.ts',
  'errors/is-vitrine-error.ts',
].map((file) => resolve(src, file));

/**
 * Makes the base error classes an import of the built dist/base-errors file (of the same format)
 * instead of a copy in each entry's file.
 */
function baseErrorsBoundary(toBase: string): Plugin {
  return {
    name: 'vitrine-base-errors',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'import-statement' || !args.importer.startsWith(src)) return undefined;
        const file = sourceOf(args.resolveDir, args.path);
        const base = BASE_ERRORS.includes(file) || file === resolve(src, 'errors/base-errors.ts');
        return base ? { path: toBase, external: true } : undefined;
      });
    },
  };
}

/** A relative import's source file (the `.js` specifiers name `.ts` sources). */
function sourceOf(resolveDir: string, path: string): string {
  const file = resolve(resolveDir, path).replace(/\.js$/, '.ts');
  if (!existsSync(file)) throw new Error(`cannot find the source of ${path} (from ${resolveDir})`);
  return file;
}

/** The output name of a part loaded on first use: its file's name (they are unique). */
const lazyName = (file: string): string => basename(file, '.ts');

/**
 * The parts loaded on first use: every module a dynamic `import()` names, however deep. Found
 * by esbuild itself, so a new `import()` joins the build with nothing else to change.
 */
async function findLazyParts(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [resolve(src, 'index.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'dist-scan',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['ky', 'zustand', 'jose'],
  });
  const parts = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const { path, kind } of input.imports) {
      if (kind === 'dynamic-import') parts.add(resolve(import.meta.dirname, path));
    }
  }
  const names = new Set([...parts].map(lazyName));
  if (names.size !== parts.size) throw new Error('two parts loaded on first use share a name');
  return [...parts];
}

/**
 * The modules `@vitrine/sdk/lite` is made of (without the base errors, which it imports from
 * dist/base-errors). Each is an entry of the lite build, so an app's bundler takes only the
 * modules an island imports: bundlers drop a side-effect-free module nobody uses, not the unused
 * half of a module.
 */
async function findLiteModules(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [resolve(src, 'lite.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs)
    .map((path) => resolve(import.meta.dirname, path))
    .filter(
      (file) => file.startsWith(src) && !file.endsWith('/lite.ts') && !BASE_ERRORS.includes(file),
    );
}

/**
 * Keeps the parts loaded on first use out of the root entry's file: its `import()`s name the
 * built parts in dist/lazy/, and the parts (built on their own, in dist/lazy/) import the error
 * classes from the built root entry. An app's bundler then finds everything a first page needs
 * in one file (dist/index.js), whichever parts it later loads: bundlers split code by file, and
 * a module both the entry and a part import would otherwise sit in a file of its own.
 */
function lazyBoundary(side: 'root' | 'lazy', lazyParts: ReadonlySet<string>): Plugin {
  return {
    name: 'vitrine-lazy-boundary',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'dynamic-import') {
          const file = sourceOf(args.resolveDir, args.path);
          if (!lazyParts.has(file)) throw new Error(`${file} is not a known lazy part`);
          const name = lazyName(file);
          return { path: side === 'root' ? `./lazy/${name}.js` : `./${name}.js`, external: true };
        }
        if (side === 'lazy' && args.kind === 'import-statement') {
          const file = sourceOf(args.resolveDir, args.path);
          if (THROUGH_ROOT.includes(file)) return { path: '../index.js', external: true };
        }
        return undefined;
      });
    },
  };
}

export default defineConfig(async () => {
  const lazyParts = await findLazyParts();
  const lazySet = new Set(lazyParts);
  const liteModules = [resolve(src, 'lite.ts'), ...(await findLiteModules())];
  return [
    {
      ...shared,
      entry: ['src/index.ts'],
      format: ['esm'],
      // One file: see lazyBoundary.
      splitting: false,
      external: ['ky', 'zustand', 'jose'],
      esbuildPlugins: [lazyBoundary('root', lazySet), baseErrorsBoundary('./base-errors.js')],
    },
    {
      ...shared,
      dts: false,
      entry: Object.fromEntries(lazyParts.map((file) => [lazyName(file), file])),
      format: ['esm'],
      outDir: 'dist/lazy',
      // The parts share what only they use in chunks of their own.
      splitting: true,
      external: ['ky', 'zustand', 'jose'],
      esbuildPlugins: [lazyBoundary('lazy', lazySet)],
    },
    {
      ...shared,
      entry: ['src/models.ts'],
      format: ['esm', 'cjs'],
    },
    {
      ...shared,
      entry: ['src/index.ts'],
      format: ['cjs'],
      // Its declarations are the ES module build's (scripts/finish-build.mjs copies them).
      dts: false,
      // The CommonJS build, for Node, is one file. ky ships only ES modules with a default
      // export, which `require()` hands back as a namespace that CommonJS interop cannot unwrap
      // (`ky.default.create is not a function`), so ky is bundled into it; zustand ships CommonJS,
      // and jose is used through named exports only, which `require()` of ES modules serves.
      noExternal: ['ky'],
      external: ['zustand', 'jose'],
      esbuildPlugins: [baseErrorsBoundary('./base-errors.cjs')],
    },
    {
      ...shared,
      dts: false,
      entry: { 'base-errors': 'src/errors/base-errors.ts' },
      format: ['esm', 'cjs'],
    },
    // What islands use before the store is needed, importing nothing of the root but the base
    // errors. ES modules: one file per module (dist/lite/), the entry re-exporting them, so a
    // bundler takes what an island imports. CommonJS, for Node: one file. Its declarations name
    // the root entry's (scripts/finish-build.mjs).
    {
      ...shared,
      entry: Object.fromEntries(
        liteModules.map((file) => [relative(src, file).replace(/\.ts$/, ''), file]),
      ),
      format: ['esm'],
      outDir: 'dist/lite',
      dts: false,
      splitting: true,
      // Rewritten to each file's path of dist/base-errors.js by scripts/finish-build.mjs.
      esbuildPlugins: [baseErrorsBoundary('@vitrine-base-errors')],
    },
    {
      ...shared,
      entry: ['src/lite.ts'],
      format: ['cjs'],
      dts: false,
      esbuildPlugins: [baseErrorsBoundary('./base-errors.cjs')],
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
      dts: false,
      external: rootEntry,
    },
  ];
});
