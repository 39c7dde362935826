/**
 * `npm run test:readme-app`: @vitrine/next's README, "Add it to an app", followed as a newcomer
 * follows it, from the packed tarballs. Its blocks are read from the README as it stands, so the
 * test fails when the README drifts:
 *
 * 1. its `npx create-next-app@latest <app> <flags>` line, run with the create-next-app of the
 *    repository's Next.js line (the newest release not above the repository's `next`; the app then
 *    takes the repository's `next`, as create-vitrine's shops do);
 * 2. that app built once as create-next-app made it, plus a blank page (`app/blank`: one `<h1>`),
 *    the floor its product page's JavaScript is measured against;
 * 3. its `npm install …` lines, with the `@vitrine/*` tarballs for the names they list (nothing
 *    is published from here);
 * 4. its `app=` blocks (`.env.local`, the wrapped `next.config.ts`, checked against the config
 *    create-next-app wrote: the same, but for the import and the wrapped export) and its `file=`
 *    blocks (the starter's files), each written at its path;
 * 5. `npx eslint` (create-next-app's lint: no error), `npm run build`, its `npx @vitrine/emulator`
 *    line (on a free port, with the test's origin among the redirect URIs), `npm start`;
 * 6. in Chromium: the products listed, a product with options added to the cart, a coupon, the
 *    store's hosted checkout, the order confirmation; no console error on any page; and the
 *    product page's JavaScript on a first visit (each file gzipped at level 9, summed) against
 *    the blank page's, at most 20 KB more.
 *
 * With `VITRINE_WRITE_BENCHMARKS=1` (the npm script), the figures go into packages/next's
 * BENCHMARKS.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '@vitrine/shop-ui/e2e/next-server.mjs';
import { assertChromium, launchChromium } from '@vitrine/shop-ui/e2e/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEnv, commandRunner, stopProcessGroup } from './commands';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(PACKAGE, '..', '..');
const README = join(ROOT, 'packages/next/README.md');
const BENCHMARKS = join(ROOT, 'packages/next/BENCHMARKS.md');
const TEMPLATE = 'packages/create-vitrine/template/';
const VITRINE = ['@vitrine/sdk', '@vitrine/react', '@vitrine/next', '@vitrine/emulator'] as const;
const WAIT = { timeout: 20_000 };
const LIMIT_KB = 20;
const QUIET_MS = 1000;
const PRODUCT = '/products/classic-crew-tee';
// create-next-app's root layout, without its Google fonts (see step 2).
const FLOOR_LAYOUT = `import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = { title: "Create Next App" };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;

interface Block {
  lang: string;
  kind: 'file' | 'app' | undefined;
  path: string | undefined;
  code: string;
}

/** The blocks of the README's "Add it to an app". */
function readmeSteps(markdown: string): Block[] {
  const start = markdown.indexOf('\n## Add it to an app\n');
  const end = markdown.indexOf('\n## ', start + 1);
  if (start === -1) throw new Error('The README has no "Add it to an app" section');
  const fence = /^```(\w*)(?:[ \t]+(file|app)=(\S+))?\n([\s\S]*?)^```$/gm;
  return [...markdown.slice(start, end).matchAll(fence)].map((match) => ({
    lang: match[1]!,
    kind: match[2] as Block['kind'],
    path: match[3],
    code: match[4]!,
  }));
}

/** The shell lines of the steps' command blocks. */
function commands(steps: readonly Block[]): string[] {
  return steps
    .filter((block) => block.lang === 'sh' && block.kind === undefined)
    .flatMap((block) => block.code.split('\n'))
    .map((line) => line.trim())
    .filter(Boolean);
}

const timings: [string, number][] = [];
let work = '';
let app = '';
let packs = '';
let steps: Block[] = [];
let createNextApp = '';
let nextVersion = '';
/** The next.config.ts create-next-app wrote. */
let originalConfig = '';

/** The app's commands' environment: NODE_ENV left out, so Next.js reads the README's `.env.local`. */
const env = (extra: Record<string, string> = {}) => appEnv(extra, { withoutNodeEnv: true });

/** Runs a command to its end; rejects with the end of its output when it fails. */
const run = commandRunner(timings, () => env());

/** The newest stable create-next-app of `next`'s major.minor, not above it. */
async function createNextAppFor(next: string): Promise<string> {
  const [major, minor, patch] = next.split('.').map(Number) as [number, number, number];
  const versions = JSON.parse(
    await run(
      'npm view create-next-app versions',
      'npm',
      ['view', 'create-next-app', 'versions', '--json'],
      ROOT,
    ),
  ) as string[];
  const fitting = versions
    .filter((version) => /^\d+\.\d+\.\d+$/.test(version))
    .map((version) => version.split('.').map(Number) as [number, number, number])
    .filter(([a, b, c]) => a === major && b === minor && c <= patch)
    .sort((a, b) => a[2] - b[2]);
  const found = fitting.at(-1);
  if (found === undefined) throw new Error(`No create-next-app ${major}.${minor}.x up to ${next}`);
  return found.join('.');
}

/** A server process (`npm start`, the emulator) in its own process group, and its output. */
function startProcess(command: string, args: string[], cwd: string, extra: Record<string, string>) {
  const child = spawn(command, args, {
    cwd,
    env: env(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return { child, output: () => output };
}

/** Resolves once `url` answers (any status); rejects after 2 minutes or when `child` exits. */
async function untilAnswering(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`It exited (${child.exitCode}):\n${output()}`);
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((later) => setTimeout(later, 150));
  }
  throw new Error(`${url} did not answer within 2 minutes:\n${output()}`);
}

/**
 * Opens `url` in a fresh context, waits until the page is idle (loaded, the network quiet, an
 * idle callback, quiet again), and returns the JavaScript files it downloaded, each gzipped at
 * level 9 (not the transfer size: the same measure whatever the server compresses with).
 */
async function javascriptOf(browser: Browser, url: string, heading: string | RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files: { path: string; gz: number }[] = [];
  const reading: Promise<unknown>[] = [];
  let last = Date.now();
  page.on('response', (response) => {
    last = Date.now();
    const path = new URL(response.url()).pathname;
    if (response.request().resourceType() !== 'script' && !path.endsWith('.js')) return;
    reading.push(
      response.body().then(
        (body) => files.push({ path, gz: gzipSync(body, { level: 9 }).length }),
        () => {},
      ),
    );
  });
  const quiet = async () => {
    const until = Date.now() + 15_000;
    while (Date.now() - last < QUIET_MS && Date.now() < until) await page.waitForTimeout(100);
  };
  await page.goto(url, { waitUntil: 'load' });
  // The page itself, not an error page.
  await page.getByRole('heading', { level: 1, name: heading }).waitFor(WAIT);
  await quiet();
  await page.evaluate(
    () => new Promise((done) => requestIdleCallback(() => done(undefined), { timeout: 5000 })),
  );
  await quiet();
  await Promise.all(reading);
  await context.close();
  return { files, total: files.reduce((sum, file) => sum + file.gz, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const figures: {
  blank?: number;
  createNextAppHome?: number;
  product?: number;
  lintWarnings?: number;
} = {};

beforeAll(async () => {
  assertChromium();
  steps = readmeSteps(await readFile(README, 'utf8'));
  nextVersion = (
    JSON.parse(await readFile(join(ROOT, 'node_modules/next/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  createNextApp = await createNextAppFor(nextVersion);
  work = await mkdtemp(join(tmpdir(), 'readme-app-'));
  packs = join(work, 'packs');
  await mkdir(packs);
  await run(
    'npm pack (4 packages)',
    'npm',
    ['pack', '--silent', '--pack-destination', packs, ...VITRINE.flatMap((name) => ['-w', name])],
    ROOT,
  );

  // 1. create-next-app, as the README runs it (its install is the one of step 3).
  const line = commands(steps).find((command) => command.startsWith('npx create-next-app@'));
  if (line === undefined) throw new Error('The README runs no `npx create-next-app@…`');
  const [, , name, ...flags] = line.split(/\s+/);
  await run(
    `npx create-next-app@${createNextApp}`,
    'npx',
    [
      '--yes',
      `create-next-app@${createNextApp}`,
      name!,
      ...flags,
      '--skip-install',
      '--disable-git',
    ],
    work,
  );
  app = join(work, name!);
  const manifestPath = join(app, 'package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>;
    overrides?: Record<string, string>;
  };
  // The repository's Next.js; the packages' tarballs wherever a package asks for another.
  manifest.dependencies.next = nextVersion;
  manifest.overrides = Object.fromEntries(
    VITRINE.map((pkg) => [pkg, `file:../packs/${tarball(pkg)}`]),
  );
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  await run(
    'npm install (create-next-app’s)',
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline'],
    app,
  );

  // 2. The floor: the app as create-next-app made it, and a blank page. Its layout loads Google's
  // fonts, which this machine cannot reach (the README's layout replaces it): for this build only,
  // the same layout without them (fonts are CSS and files, no JavaScript).
  const layout = join(app, 'app/layout.tsx');
  const madeLayout = await readFile(layout, 'utf8');
  await writeFile(layout, FLOOR_LAYOUT);
  await mkdir(join(app, 'app/blank'));
  await writeFile(
    join(app, 'app/blank/page.tsx'),
    'export default function Blank() {\n  return <h1>Blank</h1>;\n}\n',
  );
  await run('npm run build (create-next-app’s app)', 'npm', ['run', 'build'], app);
  const browser = await launchChromium();
  const floor = await startAppOn(await freePort());
  try {
    figures.blank = (await javascriptOf(browser, `${floor.origin}/blank`, 'Blank')).total;
    figures.createNextAppHome = (await javascriptOf(browser, `${floor.origin}/`, /./)).total;
  } finally {
    await stopProcessGroup(floor.server.child);
    await browser.close();
  }
  await rm(join(app, 'app/blank'), { recursive: true });
  await writeFile(layout, madeLayout);
  originalConfig = await readFile(join(app, 'next.config.ts'), 'utf8');

  // 3. The README's installs, with the tarballs for the packages they name.
  for (const command of commands(steps).filter((each) => each.startsWith('npm install '))) {
    const words = command.split(/\s+/).slice(2);
    const options = words.filter((word) => word.startsWith('-'));
    const packages = words.filter((word) => !word.startsWith('-'));
    const specs = packages.map((pkg) => {
      if (!(VITRINE as readonly string[]).includes(pkg)) throw new Error(`Unknown package ${pkg}`);
      return `../packs/${tarball(pkg as (typeof VITRINE)[number])}`;
    });
    await run(
      command,
      'npm',
      ['install', ...options, ...specs, '--no-audit', '--no-fund', '--prefer-offline'],
      app,
    );
  }

  // 4. The README's files.
  for (const block of steps.filter((each) => each.kind !== undefined)) {
    const path = block.kind === 'file' ? block.path!.slice(TEMPLATE.length) : block.path!;
    if (block.kind === 'file' && !block.path!.startsWith(TEMPLATE)) {
      throw new Error(`${block.path} is not a file of the starter`);
    }
    await mkdir(dirname(join(app, path)), { recursive: true });
    await writeFile(join(app, path), block.code);
  }
  const lint = await run('npx eslint (create-next-app’s lint)', 'npx', ['eslint', '.'], app);
  figures.lintWarnings = Number(/(\d+) warnings?/.exec(lint)?.[1] ?? 0);
  await run('npm run build', 'npm', ['run', 'build'], app);
}, 900_000);

afterAll(async () => {
  const lines = timings.map(([step, ms]) => `  ${step}: ${(ms / 1000).toFixed(1)} s`);
  console.log(`The README's app, step by step:\n${lines.join('\n')}`);
  // `VITRINE_KEEP_APP=1` keeps the app, to look into a failure.
  if (process.env.VITRINE_KEEP_APP === '1') console.log(`The app is kept in ${app}.`);
  else if (work !== '')
    await rm(work, { recursive: true, force: true, maxRetries: 5 }).catch(() => {});
}, 120_000);

function tarball(pkg: (typeof VITRINE)[number]): string {
  return `${pkg.slice(1).replace('/', '-')}-0.1.0.tgz`;
}

describe("@vitrine/next's README, “Add it to an app”", () => {
  it("wraps create-next-app's own next.config.ts: the same config, but for withVitrine", () => {
    const config = steps.find((block) => block.kind === 'app' && block.path === 'next.config.ts');
    expect(config, 'a next.config.ts block').toBeDefined();
    const unwrapped = config!.code
      .replace(/^import \{ withVitrine \} from "@vitrine\/next\/config";\n/m, '')
      .replace('export default withVitrine(nextConfig);', 'export default nextConfig;');
    expect(unwrapped).toBe(originalConfig);
  });

  describe('the app, built and served (npm start) against the emulator', () => {
    let browser: Browser | undefined;
    let emulator: ReturnType<typeof startProcess> | undefined;
    let shop: Awaited<ReturnType<typeof startAppOn>> | undefined;

    beforeAll(async () => {
      const started = performance.now();
      const line = commands(steps).find((command) => command.startsWith('npx @vitrine/emulator'));
      if (line === undefined) throw new Error('The README starts no emulator');
      const port = await freePort();
      const emulatorUrl = `http://127.0.0.1:${port}`;
      const shopPort = await freePort();
      const shopOrigin = `http://127.0.0.1:${shopPort}`;
      const [, ...args] = line.split(/\s+/);
      emulator = startProcess(
        'npx',
        [
          ...args,
          '--port',
          String(port),
          '--redirect-uri',
          `${shopOrigin}/callback`,
          '--redirect-uri',
          `${shopOrigin}/`,
        ],
        app,
        {},
      );
      await untilAnswering(`${emulatorUrl}/_emulator`, emulator.child, emulator.output);
      // The README's .env.local names the emulator's own port; here it is on a free one.
      shop = await startAppOn(shopPort, { VITRINE_API_URL: emulatorUrl });
      timings.push(['emulator and npm start (until both answer)', performance.now() - started]);
      browser = await launchChromium();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await stopProcessGroup(shop?.server.child);
      await stopProcessGroup(emulator?.child);
    }, 30_000);

    it('lists the products, adds one with options, takes a coupon and places the order, with no console error', async () => {
      const started = performance.now();
      const context = await browser!.newContext();
      const page = await context.newPage();
      const errors = watchErrors(page);
      const origin = shop!.origin;

      try {
        await page.goto(`${origin}/`);
        await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor(WAIT);
        expect(await page.locator('.product-grid a').count()).toBeGreaterThanOrEqual(12);

        await page.getByRole('link', { name: /Classic Crew Tee/ }).click();
        await page.getByRole('heading', { level: 1, name: 'Classic Crew Tee' }).waitFor(WAIT);
        await page.getByLabel('Size').selectOption('M');
        await page
          .getByRole('group', { name: 'Color' })
          .getByRole('radio', { name: /^Black/ })
          .check();
        await page.getByRole('button', { name: 'Add to cart' }).click();
        const drawer = page.getByRole('dialog', { name: 'Your cart' });
        await drawer.getByText('Size: M · Color: Black').waitFor(WAIT);
        // The store's answer (its subtotal), not only the line shown at once.
        await drawer.locator('.cart-subtotal').getByText('$24.00').waitFor(WAIT);
        await drawer.getByRole('link', { name: 'View cart' }).click();

        await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor(WAIT);
        await page.getByLabel('Coupon code').fill('WELCOME10');
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByText('Coupon WELCOME10 applied.').waitFor(WAIT);
        // 10 % off the $24.00 tee, from Cart V2's estimate.
        const summary = page.locator('.cart-summary');
        await summary.getByText('−$2.40').waitFor(WAIT);
        await summary.getByText('$21.60').waitFor(WAIT);

        await page.getByRole('button', { name: 'Check out' }).click();
        await page.getByLabel('Country').selectOption('US');
        await page.getByRole('radio', { name: /Standard delivery/ }).check();
        await page.getByRole('button', { name: 'Review total' }).click();
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.waitForURL((url) => url.pathname === '/order-confirmation', WAIT);
        await page
          .getByRole('heading', { level: 1, name: 'Thank you for your order!' })
          .waitFor(WAIT);
      } catch (error) {
        // What the page and the servers said, to see why.
        const body = await page
          .locator('body')
          .innerText()
          .catch(() => '');
        throw new Error(
          `${String(error)}\nThe page (${page.url()}):\n${body}\nThe server:\n` +
            `${shop!.server.output().slice(-3000)}\nThe emulator:\n${emulator!.output().slice(-2000)}`,
        );
      }
      await context.close();
      timings.push([
        'the walk: home, product, cart, coupon, checkout',
        performance.now() - started,
      ]);
      expect(errors).toEqual([]);
    }, 120_000);

    it(`ships at most ${LIMIT_KB} KB gz of JavaScript on the product page over the app's blank page`, async () => {
      const product = await javascriptOf(browser!, `${shop!.origin}${PRODUCT}`, 'Classic Crew Tee');
      figures.product = product.total;
      const over = product.total - figures.blank!;
      console.log(
        `Product page ${kb(product.total)} gz, blank page ${kb(figures.blank!)}, ` +
          `create-next-app's home ${kb(figures.createNextAppHome!)}: ${kb(over)} over the blank page`,
      );
      await writeFigures(product.files);
      expect(over).toBeLessThanOrEqual(LIMIT_KB * 1024);
    }, 60_000);
  });
});

/** `npm start` on `port`, once it answers. */
async function startAppOn(port: number, extra: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess(
    'npm',
    ['start', '--', '--port', String(port), '--hostname', '127.0.0.1'],
    app,
    { VITRINE_SITE_URL: origin, ...extra },
  );
  await untilAnswering(`${origin}/favicon.ico`, server.child, server.output);
  return { origin, port, server };
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The figures, into packages/next's BENCHMARKS.md when `VITRINE_WRITE_BENCHMARKS=1`. */
async function writeFigures(files: { path: string; gz: number }[]): Promise<void> {
  if (process.env.VITRINE_WRITE_BENCHMARKS !== '1') return;
  const over = figures.product! - figures.blank!;
  const steps = timings.map(([step, ms]) => `| ${step} | ${(ms / 1000).toFixed(1)} s |`);
  const section = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run test:readme-app -w create-vitrine\` (Node ${process.version}; create-next-app ${createNextApp}, the app then on Next.js ${nextVersion}, the repository's).`,
    '',
    '| page (first visit, JavaScript gzipped at level 9) | files | JavaScript |',
    '| --- | --- | --- |',
    `| the app's blank page (\`app/blank\`: one \`<h1>\` under create-next-app's layout, its fonts left out; before the README's blocks) | | ${kb(figures.blank!)} |`,
    `| create-next-app's home page (before the README's blocks; its layout without Google's fonts) | | ${kb(figures.createNextAppHome!)} |`,
    `| the product page (${PRODUCT}), after them | ${files.length} | ${kb(figures.product!)} |`,
    '',
    `**${kb(over)} over the blank page: ${over <= LIMIT_KB * 1024 ? 'within' : 'NOT within'} the ${LIMIT_KB} KB limit.** create-next-app's lint: 0 errors, ${figures.lintWarnings ?? 0} warnings.`,
    '',
    '| step | time |',
    '| --- | --- |',
    ...steps,
  ].join('\n');
  const text = await readFile(BENCHMARKS, 'utf8');
  const start = '<!-- readme-app:start -->';
  const end = '<!-- readme-app:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`BENCHMARKS.md has no ${start} … ${end}`);
  await writeFile(
    BENCHMARKS,
    `${text.slice(0, from + start.length)}\n${section}\n${text.slice(to)}`,
  );
}
