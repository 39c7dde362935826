// The lint step that keeps the SDK's files free of import cycles (scripts/check-import-cycles.mjs):
// it passes on src/ as it is, and fails, naming the files, on every kind of import that can close
// a cycle, type-only imports and the `import()`s of code loaded on first use included.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../scripts/check-import-cycles.mjs');
let dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** Runs the check on `root`: its exit code and what it printed. */
function check(root?: string): { code: number; output: string } {
  try {
    const output = execFileSync('node', [SCRIPT, ...(root ? ['--root', root] : [])], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: failed.stdout + failed.stderr };
  }
}

/** A folder of source files, `{ 'a.ts': '…' }`. */
function sources(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('check-import-cycles', () => {
  it('finds no cycle in src/', () => {
    const { code, output } = check();
    expect(output).toMatch(/^No import cycle among \d+ files of src\//);
    expect(code).toBe(0);
  });

  it.each([
    ['value imports', "import { b } from './b.js';", "import { a } from './a.js';"],
    ['type-only imports', "import type { B } from './b.js';", "import type { A } from './a.js';"],
    [
      'inline type specifiers',
      "import { type B } from './b.js';",
      "export type { A } from './a.js';",
    ],
    [
      'a type query',
      "export type B = typeof import('./b.js');",
      "import type { A } from './a.js';",
    ],
    [
      'a dynamic import',
      "export const load = () => import('./b.js');",
      "import { a } from './a.js';",
    ],
  ])('fails on a cycle of %s, naming its files', (_kind, inA, inB) => {
    const dir = sources({
      'a.ts': `${inA}\nexport const a = 1;\nexport type A = number;\n`,
      'b.ts': `${inB}\nexport const b = 1;\nexport type B = number;\n`,
      'c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    const { code, output } = check(dir);
    expect(code).toBe(1);
    expect(output).toContain('1 import cycle(s)');
    expect(output).toContain('2 files: a.ts, b.ts');
  });

  it('finds a cycle through a folder and a longer path', () => {
    const dir = sources({
      'engine/run.ts': "import type { Store } from '../store.js';\nexport const run = 1;\n",
      'store.ts': "import type { Types } from './types.js';\nexport type Store = Types;\n",
      'types.ts': "import { run } from './engine/run.js';\nexport type Types = typeof run;\n",
    });
    const { code, output } = check(dir);
    expect(code).toBe(1);
    expect(output).toContain('3 files: engine/run.ts, store.ts, types.ts');
  });
});
