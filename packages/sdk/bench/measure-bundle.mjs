// How a storefront's bundler loads a scenario of the SDK: esbuild with code splitting, for the
// browser, minified, ES modules. Each output file is gzipped on its own (level 9), as a server
// compresses each response. The initial load is the entry file and every file it imports
// statically, transitively: the browser loads all of them before the scenario runs. Used by
// bench/run.mjs (BENCHMARKS.md) and scripts/check-size.mjs (npm test).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const gzipped = (code) => gzipSync(code, { level: 9 }).length;

/**
 * Leaves every `import()` out of the bundle, as the package's build does (tsup.config.ts, its
 * lazy boundary): a part loaded on first use is a file of its own, and what the first page and
 * such a part both use is copied into each, statement by statement. Bundling the sources with
 * esbuild's own splitting instead would put a module the two share into a chunk of the first
 * page whole.
 */
const lazyPartsApart = {
  name: 'lazy-parts-apart',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Bundles `entry` (absolute) and measures it. `root` is the folder input paths are reported
 * relative to. `keep` leaves the output files in `outdir` for the caller (who removes them).
 * `lazyApart` leaves the parts loaded on first use out (see {@link lazyPartsApart}).
 */
export async function measureBundle({ entry, root, keep = false, lazyApart = false }) {
  const workdir = mkdtempSync(join(tmpdir(), 'vitrine-bundle-'));
  const outdir = join(workdir, 'bundle');
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
      plugins: lazyApart ? [lazyPartsApart] : [],
    });
    const fileOf = (path) => resolve(root, path);
    const outputs = Object.entries(result.metafile.outputs)
      .filter(([path]) => path.endsWith('.js'))
      .map(([path, info]) => {
        const file = fileOf(path);
        const code = readFileSync(file);
        return { file, name: basename(file), info, minified: code.length, gzipped: gzipped(code) };
      });
    const byFile = new Map(outputs.map((output) => [output.file, output]));
    // Dynamic `import()` targets are entry points too: find the scenario's own.
    const entryPoint = relative(root, entry);
    const entryOutput = outputs.find((output) => output.info.entryPoint === entryPoint);

    const initial = new Set();
    const stack = [entryOutput.file];
    while (stack.length > 0) {
      const file = stack.pop();
      if (initial.has(file)) continue;
      initial.add(file);
      for (const { path, kind } of byFile.get(file).info.imports) {
        if (kind === 'import-statement' && byFile.has(fileOf(path))) stack.push(fileOf(path));
      }
    }
    const sum = (list, key) => list.reduce((total, output) => total + output[key], 0);
    const initialOutputs = outputs.filter((output) => initial.has(output.file));
    // Minified bytes of the initial load by input file.
    const byInput = {};
    for (const output of initialOutputs) {
      for (const [input, info] of Object.entries(output.info.inputs)) {
        byInput[input] = (byInput[input] ?? 0) + info.bytesInOutput;
      }
    }
    return {
      workdir: keep ? workdir : undefined,
      outputs: outputs.map((output) => ({ ...output, initial: initial.has(output.file) })),
      entry: entryOutput,
      initial: {
        files: initialOutputs.length,
        minified: sum(initialOutputs, 'minified'),
        gzipped: sum(initialOutputs, 'gzipped'),
      },
      all: {
        files: outputs.length,
        minified: sum(outputs, 'minified'),
        gzipped: sum(outputs, 'gzipped'),
      },
      byInput,
    };
  } finally {
    if (!keep) rmSync(workdir, { recursive: true, force: true });
  }
}
