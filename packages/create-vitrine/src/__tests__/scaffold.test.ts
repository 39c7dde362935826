import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main, type CliEnvironment } from '../cli.js';
import { isCreateVitrineError } from '../errors.js';
import { scaffold, shopTitle } from '../scaffold.js';
import type { StarterVersions } from '../versions.js';

const VERSIONS: StarterVersions = {
  '@vitrine/next': '1.2.3',
  '@vitrine/react': '1.2.3',
  '@vitrine/sdk': '1.2.3',
  '@vitrine/emulator': '0.9.0',
  next: '16.4.6',
  react: '19.3.1',
  'react-dom': '19.3.1',
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  'playwright-core': '1.65.1',
};

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'create-vitrine-unit-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function readJson(path: string): Record<string, Record<string, string>> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
}

/** The error `run` throws. */
function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

/** A command line of the CLI, its output collected. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const io: CliEnvironment = {
    write: (text) => out.push(text),
    env,
    cwd: work,
    versions: VERSIONS,
    version: '1.2.4',
  };
  const code = await main(args, io);
  return { code, output: out.join('') };
}

describe('scaffold', () => {
  it('copies the template, names the shop after its folder and writes its package.json', () => {
    const { directory, name } = scaffold({
      directory: join(work, 'fancy-goods'),
      versions: VERSIONS,
    });
    expect(name).toBe('fancy-goods');
    expect(readFileSync(join(directory, 'lib/shop.ts'), 'utf8')).toContain("'Fancy Goods'");
    expect(readFileSync(join(directory, 'README.md'), 'utf8')).toMatch(/^# Fancy Goods\n/);
    // npm leaves .gitignore out of a tarball: the template's `gitignore` becomes it.
    expect(existsSync(join(directory, '.gitignore'))).toBe(true);
    expect(existsSync(join(directory, 'gitignore'))).toBe(false);
    for (const file of [
      'proxy.ts',
      'next.config.ts',
      'app/layout.tsx',
      'app/api/webhooks/route.ts',
    ]) {
      expect(existsSync(join(directory, file)), file).toBe(true);
    }
    const manifest = readJson(join(directory, 'package.json'));
    expect(manifest.name).toBe('fancy-goods');
    expect(manifest.dependencies).toEqual({
      '@vitrine/next': '^1.2.3',
      '@vitrine/react': '^1.2.3',
      '@vitrine/sdk': '^1.2.3',
      next: '16.4.6',
      react: '19.3.1',
      'react-dom': '19.3.1',
    });
    expect(manifest.devDependencies?.['@vitrine/emulator']).toBe('^0.9.0');
    expect(manifest.scripts).toMatchObject({
      dev: 'node scripts/shop.mjs dev',
      build: 'next build',
      start: 'node scripts/shop.mjs start',
      test: 'node --test e2e/journey.test.mjs',
    });
    expect(manifest.overrides).toBeUndefined();
  });

  it('takes the @vitrine/* packages from tarballs, for the shop and its dependencies alike', () => {
    const packs = join(work, 'packs');
    mkdirSync(packs);
    for (const file of ['vitrine-next', 'vitrine-react', 'vitrine-sdk'].map(
      (f) => `${f}-1.2.3.tgz`,
    )) {
      writeFileSync(join(packs, file), '');
    }
    writeFileSync(join(packs, 'vitrine-emulator-0.9.0.tgz'), '');
    const { directory } = scaffold({
      directory: join(work, 'shop'),
      versions: VERSIONS,
      packagesDir: packs,
    });
    const manifest = readJson(join(directory, 'package.json'));
    expect(manifest.dependencies?.['@vitrine/next']).toBe(`file:${packs}/vitrine-next-1.2.3.tgz`);
    expect(manifest.devDependencies?.['@vitrine/emulator']).toBe(
      `file:${packs}/vitrine-emulator-0.9.0.tgz`,
    );
    expect(manifest.overrides).toEqual({
      '@vitrine/next': `file:${packs}/vitrine-next-1.2.3.tgz`,
      '@vitrine/react': `file:${packs}/vitrine-react-1.2.3.tgz`,
      '@vitrine/sdk': `file:${packs}/vitrine-sdk-1.2.3.tgz`,
      '@vitrine/emulator': `file:${packs}/vitrine-emulator-0.9.0.tgz`,
    });
  });

  it('names the tarballs a packages folder lacks, and writes nothing', () => {
    const packs = join(work, 'packs');
    mkdirSync(packs);
    writeFileSync(join(packs, 'vitrine-next-1.2.3.tgz'), '');
    writeFileSync(join(packs, 'vitrine-sdk-1.0.0.tgz'), '');
    const error = thrown(() =>
      scaffold({ directory: join(work, 'shop'), versions: VERSIONS, packagesDir: packs }),
    );
    expect(isCreateVitrineError(error)).toBe(true);
    expect(error.message).toBe(
      `The packages folder ${packs} has no vitrine-react-1.2.3.tgz, vitrine-sdk-1.2.3.tgz, vitrine-emulator-0.9.0.tgz.`,
    );
    expect(existsSync(join(work, 'shop'))).toBe(false);
  });

  it('refuses a folder that is not empty, and a name npm refuses', () => {
    mkdirSync(join(work, 'taken'));
    writeFileSync(join(work, 'taken', 'notes.txt'), 'mine');
    expect(
      thrown(() => scaffold({ directory: join(work, 'taken'), versions: VERSIONS })).message,
    ).toBe(`${join(work, 'taken')} is not empty: choose a new folder.`);
    expect(readdirSync(join(work, 'taken'))).toEqual(['notes.txt']);
    for (const name of ['My Shop', 'Shop', '.hidden', 'shop!']) {
      const error = thrown(() => scaffold({ directory: join(work, name), versions: VERSIONS }));
      expect(isCreateVitrineError(error), name).toBe(true);
      expect(error.message).toContain(`"${name}" cannot name a package`);
    }
  });

  it('writes into an empty folder that exists', () => {
    mkdirSync(join(work, 'empty'));
    scaffold({ directory: join(work, 'empty'), versions: VERSIONS });
    expect(existsSync(join(work, 'empty', 'package.json'))).toBe(true);
  });

  it('leaves out what a working copy of the template may hold: dependencies, builds, state', () => {
    const template = join(work, 'template');
    for (const folder of ['lib', 'node_modules/next', '.next/cache', '.vitrine']) {
      mkdirSync(join(template, folder), { recursive: true });
    }
    writeFileSync(join(template, 'gitignore'), 'node_modules\n');
    writeFileSync(join(template, 'README.md'), '# My Shop\n');
    writeFileSync(join(template, 'lib/shop.ts'), "export const SHOP_NAME = 'My Shop';\n");
    writeFileSync(join(template, 'next-env.d.ts'), '');
    writeFileSync(join(template, 'node_modules/next/index.js'), '');
    writeFileSync(join(template, '.vitrine/emulator.json'), '{}');
    const { directory } = scaffold({
      directory: join(work, 'shop'),
      versions: VERSIONS,
      templateDir: template,
    });
    expect(readdirSync(directory).sort()).toEqual([
      '.gitignore',
      'README.md',
      'lib',
      'package.json',
    ]);
  });
});

// Issue 36: run as npm runs it (`npm exec`, `npm create`), the package itself is installed under
// a node_modules folder, and every template file was skipped: `ENOENT … rename 'my-shop/gitignore'`.
describe('scaffold from a template installed under node_modules', () => {
  it('copies the whole template, and still leaves out what is under its own node_modules', () => {
    const template = join(work, 'node_modules', 'create-vitrine', 'template');
    mkdirSync(join(template, 'lib'), { recursive: true });
    mkdirSync(join(template, 'node_modules', 'next'), { recursive: true });
    writeFileSync(join(template, 'gitignore'), 'node_modules\n');
    writeFileSync(join(template, 'README.md'), '# My Shop\n');
    writeFileSync(join(template, 'lib/shop.ts'), "export const SHOP_NAME = 'My Shop';\n");
    writeFileSync(join(template, 'node_modules/next/index.js'), '');
    const { directory } = scaffold({
      directory: join(work, 'my-shop'),
      versions: VERSIONS,
      templateDir: template,
    });
    expect(readdirSync(directory).sort()).toEqual([
      '.gitignore',
      'README.md',
      'lib',
      'package.json',
    ]);
    expect(readFileSync(join(directory, 'lib/shop.ts'), 'utf8')).toContain("'My Shop'");
  });
});

describe('shopTitle', () => {
  it('turns a package name into words', () => {
    expect(shopTitle('my-shop')).toBe('My Shop');
    expect(shopTitle('north_wind.store')).toBe('North Wind Store');
    expect(shopTitle('shop2')).toBe('Shop2');
  });
});

describe('main', () => {
  it('scaffolds the folder it is given and says what to run next', async () => {
    const { code, output } = await cli(['corner-shop']);
    expect(code).toBe(0);
    expect(existsSync(join(work, 'corner-shop', 'package.json'))).toBe(true);
    expect(output).toContain('  cd corner-shop\n  npm install\n  npm run dev');
  });

  it('takes the tarballs folder from VITRINE_PACKAGES_DIR', async () => {
    const { code, output } = await cli(['shop'], { VITRINE_PACKAGES_DIR: join(work, 'none') });
    expect(code).toBe(1);
    expect(output).toBe(`Cannot read the packages folder ${join(work, 'none')}.\n`);
  });

  it('answers --help and --version, and refuses what it does not take', async () => {
    expect(await cli(['--help'])).toMatchObject({
      code: 0,
      output: expect.stringContaining('Usage: npm create vitrine@latest <folder>'),
    });
    expect(await cli(['-v'])).toEqual({ code: 0, output: '1.2.4\n' });
    const unknown = await cli(['shop', '--template', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/^Unknown option '--template'/);
    expect((await cli(['a', 'b'])).code).toBe(1);
    // No folder and no one to ask (not a terminal): the usage.
    expect(await cli([])).toMatchObject({ code: 1, output: expect.stringContaining('Usage:') });
    expect(readdirSync(work)).toEqual([]);
  });

  it('asks for the folder in a terminal, my-shop by default', async () => {
    const out: string[] = [];
    const questions: string[] = [];
    const code = await main([], {
      write: (text) => out.push(text),
      env: {},
      cwd: work,
      versions: VERSIONS,
      ask: (question) => (questions.push(question), Promise.resolve('  ')),
    });
    expect(code).toBe(0);
    expect(questions).toEqual(['Where should the shop go? (my-shop) ']);
    expect(existsSync(join(work, 'my-shop', 'package.json'))).toBe(true);
  });
});
