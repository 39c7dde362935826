// The blank-Next floor: a minimal App Router app of the shop's Next.js and config (Cache
// Components and partial prefetching on), built in a temporary folder inside the example (so
// `next`, `react` and `react-dom` resolve as the shop's do). The caller removes the folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const require = createRequire(join(ROOT, 'package.json'));

/** The blank page: an `<h1>`, all of it static. */
export const BLANK_PAGE = 'export default function Page() {\n  return <h1>Blank</h1>;\n}\n';

/**
 * A blank page with a part rendered at request time (it reads the request's cookies, behind a
 * `<Suspense>`), as every page of the shop has one (the shopper's part): what Next itself costs
 * per view of such a page.
 */
export const BLANK_PAGE_WITH_A_HOLE = [
  "import { Suspense } from 'react';",
  "import { cookies } from 'next/headers';",
  'async function Visitor() {',
  '  const jar = await cookies();',
  '  return <p>{jar.getAll().length} cookies</p>;',
  '}',
  'export default function Page() {',
  '  return (<><h1>Blank</h1><Suspense fallback={<p>…</p>}><Visitor /></Suspense></>);',
  '}',
  '',
].join('\n');

/**
 * Builds an app of one page (`page`, JSX) in a new temporary folder; returns the folder. `config`
 * may turn `cacheComponents` or `partialPrefetching` off (both on by default, as the shop has them).
 */
export function buildFloor(page = BLANK_PAGE, config = {}) {
  const dir = mkdtempSync(join(ROOT, 'bench', '.floor-'));
  try {
    mkdirSync(join(dir, 'app'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    const workspace = JSON.stringify(join(ROOT, '..', '..'));
    writeFileSync(
      join(dir, 'next.config.mjs'),
      [
        // The shop's config without what only a shop has (its packages, images, cache handlers).
        'export default {',
        `  cacheComponents: ${config.cacheComponents ?? true},`,
        `  partialPrefetching: ${config.partialPrefetching ?? true},`,
        '  poweredByHeader: false,',
        `  turbopack: { root: ${workspace} },`,
        `  outputFileTracingRoot: ${workspace},`,
        '};',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'app', 'layout.jsx'),
      'export default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
    );
    writeFileSync(join(dir, 'app', 'page.jsx'), page);
    execFileSync(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
