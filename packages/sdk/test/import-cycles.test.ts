// The SDK's files import one another without a cycle, type-only imports counted: what the lint
// rule `vitrine/no-cycle` holds src/ to (eslint.config.js), checked here on its own. The rule's
// cases, the SDK's old cycles among them, are tested with the emulator's lint rules
// (packages/emulator/test/lint-rules.test.ts).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
// A plain .mjs module of the repository's scripts: read at run time.
const FIND_CYCLES = pathToFileURL(
  resolve(import.meta.dirname, '../../../scripts/find-import-cycles.mjs'),
);
const { findImportCycles } = (await import(FIND_CYCLES.href)) as {
  findImportCycles: (cwd: string, files: string[]) => Promise<string[]>;
};

describe('import cycles', () => {
  it("finds none in the SDK's src/", async () => {
    expect(await findImportCycles(SRC, ['**/*.ts'])).toEqual([]);
  });
});
