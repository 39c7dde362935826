// Run in a published package's folder (its `check:package`): every relative link of the
// Markdown it ships (README and docs) must point at a file in its tarball, since npm shows the
// README without the repository around it, and no shipped text may cite the specification
// ("spec §…") that users do not have. With `--declarations`, nor may the JSDoc its type
// declarations carry (editors show it) cite the specification, the reliability checklist or the
// repository's wire notes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const packed = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
)[0];
const files = new Set(packed.files.map((file) => normalize(file.path)));
const problems = [];

for (const file of files) {
  if (/\.d\.c?ts$/.test(file)) {
    if (!process.argv.includes('--declarations')) continue;
    const text = readFileSync(file, 'utf8');
    for (const cited of ['spec §', 'checklist', 'platform-wire.md', 'wire-conventions.md']) {
      if (text.includes(cited)) problems.push(`${file} cites "${cited}", which users do not have`);
    }
    continue;
  }
  if (!file.endsWith('.md')) continue;
  const text = readFileSync(file, 'utf8');
  if (/spec §/.test(text)) problems.push(`${file} cites the specification ("spec §…")`);
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    const path = normalize(join(dirname(file), target.split('#')[0]));
    if (!files.has(path)) problems.push(`${file} links to ${target}, which is not in the package`);
  }
}
if (problems.length > 0) {
  console.error(`${packed.name}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
