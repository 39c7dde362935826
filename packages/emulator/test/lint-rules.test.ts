/**
 * The lint rules that keep the emulator's code laid out (eslint.config.js): imports that point down
 * its floors (`EMULATOR_LAYERS`), no import cycle, type imports included
 * (scripts/eslint-no-cycle-counting-types.mjs), and no function over 150 lines.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles as cycles } from '../../../scripts/find-import-cycles.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = resolve(import.meta.dirname, '../src');
let dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

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

describe('vitrine/no-cycle', () => {
  // Parsing all of src/ and what it imports takes 6 s alone, and past 30 s in npm test's lanes on
  // two busy cores (measured): its bound is the time of a loaded machine, not of a hang.
  it('finds no cycle in the emulator’s src/', { timeout: 120_000 }, async () => {
    expect(await cycles(SRC, ['**/*.ts'])).toEqual([]);
  });

  it.each([
    ['value imports', "import { b } from './b.js';", "import { a } from './a.js';"],
    ['type-only imports', "import type { B } from './b.js';", "import type { A } from './a.js';"],
    [
      'inline type specifiers',
      "import { type B } from './b.js';",
      "export type { A } from './a.js';",
    ],
  ])('reports a cycle of %s in both files', async (_kind, inA, inB) => {
    const dir = sources({
      'a.ts': `${inA}\nexport const a = 1;\nexport type A = number;\n`,
      'b.ts': `${inB}\nexport const b = 1;\nexport type B = number;\n`,
      'c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    expect(await cycles(dir, ['*.ts'])).toEqual([
      'a.ts: Dependency cycle detected',
      'b.ts: Dependency cycle detected',
    ]);
  });

  it('reports a part loaded on first use that imports a type from its loader', async () => {
    // The shape of the SDK's cycles that issue 21 removed (current-cart-api.ts ↔
    // current-cart-calls.ts, the cart store ↔ its engine, the two tab-sync files): a dynamic
    // `import()` one way, a type-only import back.
    const dir = sources({
      'api.ts': "export const load = () => import('./calls.js');\nexport type Api = number;\n",
      'calls.ts': "import type { Api } from './api.js';\nexport const calls: Api = 1;\n",
    });
    expect(await cycles(dir, ['**/*.ts'])).toEqual([
      'api.ts: Dependency cycle detected',
      'calls.ts: Dependency cycle detected',
    ]);
  });

  it('reports a cycle of types through a folder and a longer path', async () => {
    const dir = sources({
      'engine/run.ts': "import type { Store } from '../store.js';\nexport type Run = Store;\n",
      'store.ts': "import type { Types } from './types.js';\nexport type Store = Types;\n",
      'types.ts': "import type { Run } from './engine/run.js';\nexport type Types = Run | 1;\n",
    });
    const found = await cycles(dir, ['**/*.ts']);
    expect(found).toHaveLength(3);
    expect(found.map((f) => f.split(':')[0])).toEqual(['engine/run.ts', 'store.ts', 'types.ts']);
  });
});

describe("import-x/no-restricted-paths (the emulator's floors)", () => {
  /** The floor errors lint reports for `file` (a path under src/) given `text`. */
  async function floorErrors(file: string, text: string): Promise<string[]> {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText(text, { filePath: join(SRC, file) });
    return result!.messages
      .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
      .map((m) => m.message);
  }

  it.each([
    ['http/ importing the context (a floor above)', 'http/cors.ts', '../context.js'],
    ['the models importing the state store', 'models/state.ts', '../state/store.js'],
    ['an area importing the app', 'cart/owner.ts', '../app.js'],
    ['the catalog importing its sibling oauth/', 'catalog/money.ts', '../oauth/clients.js'],
    ['oauth/ importing identity/ (above it)', 'oauth/pkce.ts', '../identity/codes.js'],
  ])('refuses %s, type-only imports included', { timeout: 60_000 }, async (_what, file, from) => {
    const text = `import type * as Above from '${from}';\nexport type Above = typeof Above;\n`;
    expect(await floorErrors(file, text)).toEqual([
      expect.stringMatching(/imports only from the floors below it/),
    ]);
  });

  it('lets an area import the floors below it', { timeout: 60_000 }, async () => {
    const text =
      "import type { EmulatorContext } from '../context.js';\n" +
      "import { randomId } from '../crypto/random.js';\n" +
      "import { runQuery } from '../query/run.js';\n" +
      'export type C = EmulatorContext;\nexport const r = [randomId, runQuery];\n';
    expect(await floorErrors('orders/view.ts', text)).toEqual([]);
  });
});

describe('eslint.config.js', () => {
  it('holds the emulator’s code, not its tests, to both rules', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const code = await eslint.calculateConfigForFile(join(SRC, 'cart/service.ts'));
    expect(code.rules['max-lines-per-function']).toEqual([
      2,
      { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
    ]);
    expect(code.rules['vitrine/no-cycle']).toEqual([2]);
    expect(code.rules['import-x/no-restricted-paths']?.[0]).toBe(2);
    const test = await eslint.calculateConfigForFile(join(SRC, '__tests__/cart.test.ts'));
    expect(test.rules['max-lines-per-function']).toBeUndefined();
    expect(test.rules['import-x/no-restricted-paths']).toBeUndefined();
  });
});
