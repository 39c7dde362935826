/**
 * The recipe, packages/react/docs/server-rendering.md, quotes this example's files: each code block whose fence names a file
 * (```tsx file=examples/next-storefront/proxy.ts) must be that file, word for word, so the recipe
 * is always what the example runs (and what its browser tests check).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DOC = 'packages/react/docs/server-rendering.md';

function quotedFiles(markdown: string): { file: string; code: string }[] {
  const blocks: { file: string; code: string }[] = [];
  const fence = /^```\w*[ \t]+file=(\S+)\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    blocks.push({ file: match[1]!, code: match[2]! });
  }
  return blocks;
}

describe(DOC, () => {
  const blocks = quotedFiles(readFileSync(join(REPO, DOC), 'utf8'));

  it('quotes the Next.js example', () => {
    expect(blocks.map((block) => block.file)).toContain('examples/next-storefront/proxy.ts');
  });

  it.each(blocks.map((block) => [block.file, block.code] as const))(
    'quotes %s as it is',
    (file, code) => {
      expect(code).toBe(readFileSync(join(REPO, file), 'utf8'));
    },
  );
});
