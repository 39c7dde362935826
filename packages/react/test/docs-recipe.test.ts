// @vitest-environment node
// docs/server-rendering.md (this package's) shows the plain Node recipe's code as node-server.test.tsx runs it,
// and the README its quick start as quick-start.test.tsx runs it: keep each pair the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
// The files open with a comment saying where they are used; the docs leave it out.
const withoutHeader = (code: string) => code.replace(/^(\/\/.*\n)+/, '').trim();

describe('packages/react/docs/server-rendering.md', () => {
  it('shows the plain Node server and browser entry exactly as the test runs them', () => {
    const docs = read('../docs/server-rendering.md');
    const section = docs.slice(docs.indexOf('## Plain Node server'));
    const blocks = [...section.matchAll(/```tsx\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());
    expect(blocks).toEqual([
      withoutHeader(read('./node-server/shop-server.tsx')),
      withoutHeader(read('./node-server/hydrate-shop.tsx')),
    ]);
  });
});

describe('README.md', () => {
  it('shows the quick start exactly as the test runs it', () => {
    const readme = read('../README.md');
    const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## The hooks'));
    const blocks = [...section.matchAll(/```tsx\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());
    expect(blocks).toEqual([withoutHeader(read('./quick-start/quick-start.tsx'))]);
  });
});
