// The hooks record-loads.mjs registers (they run on the loader's own thread).
import { appendFileSync } from 'node:fs';

let out;

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, nextLoad) {
  if (out && url.includes('/packages/sdk/dist/')) appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
