/**
 * The README's code blocks are the starter's files, word for word (each fence names its file:
 * ```ts file=packages/create-vitrine/template/proxy.ts), so what a developer copies is what the
 * starter's own test builds and walks from the packed tarballs. A block of a file that is the
 * app's own, not the starter's (`.env.local`, the wrapped `next.config.ts`), names it with `app=`.
 * Shell blocks are commands. "Add it to an app" shows every file its blocks import: create-vitrine's
 * `npm run test:readme-app` builds it into a fresh create-next-app app and walks it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(PACKAGE, '..', '..');
const README = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
const TEMPLATE = 'packages/create-vitrine/template/';
// What an app made with create-next-app has, that a block may import.
const APP_FILES = ['app/globals.css'];

interface Block {
  lang: string;
  file: string | undefined;
  app: string | undefined;
  code: string;
}

function codeBlocks(markdown: string): Block[] {
  const fence = /^```(\w*)(?:[ \t]+(file|app)=(\S+))?\n([\s\S]*?)^```$/gm;
  return [...markdown.matchAll(fence)].map((match) => ({
    lang: match[1]!,
    file: match[2] === 'file' ? match[3] : undefined,
    app: match[2] === 'app' ? match[3] : undefined,
    code: match[4]!,
  }));
}

/** The text of a `## ` section, up to the next one. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`No section "${title}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe('packages/next/README.md', () => {
  const blocks = codeBlocks(README);
  const quoted = blocks.filter((block) => block.file !== undefined);

  it('quotes the files an app made with create-next-app adds', () => {
    const files = quoted.map((block) => block.file);
    for (const file of ['proxy.ts', 'instrumentation.ts', 'app/api/webhooks/route.ts']) {
      expect(files).toContain(`${TEMPLATE}${file}`);
    }
  });

  it('has no code block that is neither a quoted file, an app file nor shell commands', () => {
    const loose = blocks.filter(
      (block) => block.file === undefined && block.app === undefined && block.lang !== 'sh',
    );
    expect(loose.map((block) => block.code.slice(0, 60))).toEqual([]);
  });

  describe('Add it to an app', () => {
    const steps = codeBlocks(section(README, 'Add it to an app'));
    const shown = new Set([
      ...APP_FILES,
      ...steps.flatMap((block) =>
        block.app ? [block.app] : block.file ? [block.file.slice(TEMPLATE.length)] : [],
      ),
    ]);

    // Issue 36: its blocks imported CartDrawerProvider, Header, lib/shop and lib/format, which
    // it never showed (TS2307), and the callback went to an /order-confirmation it never showed.
    it('shows every file its blocks import', () => {
      const missing: string[] = [];
      for (const block of steps.filter((each) => each.file?.startsWith(TEMPLATE))) {
        const path = block.file!.slice(TEMPLATE.length);
        for (const [, target] of block.code.matchAll(/^import [^'"]*'(\.{1,2}\/[^']+)';$/gm)) {
          const base = normalize(join(dirname(path), target!));
          const found = ['', '.ts', '.tsx'].some((ext) => shown.has(`${base}${ext}`));
          if (!found) missing.push(`${path} imports ${target}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('shows the pages its links and redirects go to', () => {
      for (const page of [
        'app/search/page.tsx',
        'app/cart/page.tsx',
        'app/order-confirmation/page.tsx',
        'app/sign-in/page.tsx',
        'app/account/page.tsx',
      ]) {
        expect(shown).toContain(page);
      }
    });

    // Issue 36: its next.config.ts replaced create-next-app's, Tailwind's rule with it.
    it("wraps the app's own next.config.ts, Tailwind's rule kept", () => {
      const config = steps.find((block) => block.app === 'next.config.ts');
      expect(config?.code).toContain('export default withVitrine(nextConfig);');
      expect(config?.code).toContain('loaders: ["@tailwindcss/turbopack"]');
    });

    it('installs the packages, starts the emulator and names it in .env.local', () => {
      const commands = steps.filter((block) => block.lang === 'sh' && !block.app);
      const text = commands.map((block) => block.code).join('');
      expect(text).toMatch(/^npm install @vitrine\/next @vitrine\/react @vitrine\/sdk$/m);
      expect(text).toMatch(/^npm install --save-dev @vitrine\/emulator$/m);
      expect(text).toMatch(/^npx @vitrine\/emulator$/m);
      const env = steps.find((block) => block.app === '.env.local')?.code ?? '';
      expect(env).toMatch(/^VITRINE_CLIENT_ID=vitrine-local-client$/m);
      expect(env).toMatch(/^VITRINE_API_URL=http:\/\/127\.0\.0\.1:4010$/m);
    });
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
