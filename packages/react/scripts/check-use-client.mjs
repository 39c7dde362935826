// The built bundles must open with 'use client' so React Server Components treat the hooks as
// client code (bundling drops per-file directives; tsup adds it back as a banner).
import { readFileSync } from 'node:fs';

for (const file of ['dist/index.js', 'dist/index.cjs']) {
  if (!readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').startsWith("'use client';")) {
    console.error(`${file} does not start with 'use client'`);
    process.exit(1);
  }
}
