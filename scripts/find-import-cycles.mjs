// The import cycles the lint rule `vitrine/no-cycle` (eslint-no-cycle-counting-types.mjs) finds
// in a folder, with that rule alone: for the tests that a package's src/ has none, and for the
// tests of the rule itself (packages/emulator/test/lint-rules.test.ts).
import { relative } from 'node:path';
import { ESLint } from 'eslint';
import { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { vitrinePlugin } from './eslint-no-cycle-counting-types.mjs';

/**
 * Lints `files` (globs under `cwd`, test folders left out) with the cycle rule alone, as
 * eslint.config.js applies it to TypeScript sources. No type information is needed.
 *
 * @param {string} cwd
 * @param {string[]} files
 * @returns {Promise<string[]>} one `file: message` line per report, the file relative to `cwd`, sorted
 */
export async function findImportCycles(cwd, files) {
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
        .map((message) => `${relative(cwd, result.filePath)}: ${message.message}`),
    )
    .sort();
}
