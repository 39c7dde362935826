import { measureBundle, gzipped } from './measure-bundle.mjs';
import { readFileSync } from 'node:fs';
const root = process.cwd();
const r = await measureBundle({
  entry: root + '/bench/' + (process.argv[2] ?? 'scenario.js'),
  root,
  keep: true,
});
const init = r.outputs.filter((o) => o.initial);
const concat = Buffer.concat(init.map((o) => readFileSync(o.file)));
console.log(
  'files',
  init.length,
  'sum gz',
  r.initial.gzipped,
  'concat gz',
  gzipped(concat),
  'min',
  concat.length,
);
