/**
 * The README's code blocks are the starter's files, word for word (each fence names its file:
 * ```ts file=packages/create-vitrine/template/proxy.ts), so what a developer copies is what the
 * starter's own test builds and walks from the packed tarballs. Shell blocks are commands.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(PACKAGE, '..', '..');
const README = readFileSync(join(PACKAGE, 'README.md'), 'utf8');

interface Block {
  lang: string;
  file: string | undefined;
  code: string;
}

function codeBlocks(markdown: string): Block[] {
  const fence = /^```(\w*)(?:[ \t]+file=(\S+))?\n([\s\S]*?)^```$/gm;
  return [...markdown.matchAll(fence)].map((match) => ({
    lang: match[1]!,
    file: match[2],
    code: match[3]!,
  }));
}

describe('packages/next/README.md', () => {
  const blocks = codeBlocks(README);
  const quoted = blocks.filter((block) => block.file !== undefined);

  it('quotes the three files an app made with create-next-app adds', () => {
    const files = quoted.map((block) => block.file);
    for (const file of ['next.config.ts', 'proxy.ts', 'app/api/webhooks/route.ts']) {
      expect(files).toContain(`packages/create-vitrine/template/${file}`);
    }
  });

  it('has no code block that is neither a quoted file nor shell commands', () => {
    const loose = blocks.filter((block) => block.file === undefined && block.lang !== 'sh');
    expect(loose.map((block) => block.code.slice(0, 60))).toEqual([]);
  });

  it.each(quoted.map((block) => [block.file!, block.code] as const))(
    'quotes %s as it is',
    (file, code) => {
      const path = join(REPO, file);
      expect(existsSync(path), `${file} exists`).toBe(true);
      expect(code).toBe(readFileSync(path, 'utf8'));
    },
  );
});
