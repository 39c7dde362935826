// The lint rule that keeps the SDK's files free of import cycles (`vitrine/no-cycle`, from
// scripts/eslint-no-cycle-counting-types.mjs, as eslint.config.js applies it to src/): src/ has
// none, and the cycles that splitting code for loading on first use made (a dynamic `import()`
// one way, a type-only import back) are caught. The rule's other cases are tested with the
// emulator's lint rules (packages/emulator/test/lint-rules.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
// The repository's lint plugin, a plain .mjs module: read at run time.
const RULES = pathToFileURL(
  resolve(import.meta.dirname, '../../../scripts/eslint-no-cycle-counting-types.mjs'),
);
const { vitrinePlugin } = (await import(RULES.href)) as { vitrinePlugin: ESLint.Plugin };
let dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** The cycle rule alone, over `files` under `cwd`, tests left out: `file: message` lines. */
async function cycles(cwd: string, files: string[]): Promise<string[]> {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: ['**/__tests__/**'] },
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { vitrine: vitrinePlugin },
        settings: {
          'import-x/extensions': ['.ts', '.js'],
          'import-x/resolver-next': [
            createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } }),
          ],
        },
        rules: { 'vitrine/no-cycle': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(files);
  return results
    .flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'vitrine/no-cycle')
        .map(() => relative(cwd, result.filePath)),
    )
    .sort();
}

/** A folder of source files, `{ 'a.ts': '…' }`. */
function sources(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-sdk-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('import cycles', () => {
  it("finds none in the SDK's src/", async () => {
    expect(await cycles(SRC, ['**/*.ts'])).toEqual([]);
  });

  it('catches a part loaded on first use that imports a type from its loader', async () => {
    // The shape of the cycles issue 21 removed: current-cart-api.ts ↔ current-cart-calls.ts,
    // the cart store ↔ its engine, create-tab-sync.ts ↔ connect-tab-sync.ts.
    const dir = sources({
      'api.ts': "export const load = () => import('./calls.js');\nexport type Api = number;\n",
      'calls.ts': "import type { Api } from './api.js';\nexport const calls: Api = 1;\n",
    });
    expect(await cycles(dir, ['**/*.ts'])).toEqual(['api.ts', 'calls.ts']);
  });

  it('catches a cycle through a folder and a longer path', async () => {
    const dir = sources({
      'engine/run.ts': "import type { Store } from '../store.js';\nexport const run = 1;\n",
      'store.ts': "import type { Types } from './types.js';\nexport type Store = Types;\n",
      'types.ts': "import { run } from './engine/run.js';\nexport type Types = typeof run;\n",
    });
    expect(await cycles(dir, ['**/*.ts'])).toEqual(['engine/run.ts', 'store.ts', 'types.ts']);
  });
});
