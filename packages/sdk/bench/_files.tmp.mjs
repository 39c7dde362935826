import { measureBundle } from '/work/wt-core/packages/sdk/bench/measure-bundle.mjs';
const root = '/work/wt-core/packages/sdk';
const r = await measureBundle({
  entry: root + '/' + (process.argv[2] ?? 'bench/scenario-source.js'),
  root,
});
for (const o of r.outputs) {
  console.log(`${o.initial ? 'INITIAL' : 'lazy   '} ${o.name} min=${o.minified} gz=${o.gzipped}`);
  for (const [k, v] of Object.entries(o.info.inputs)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 12))
    console.log(`        ${v.bytesInOutput} ${k}`);
}
