/**
 * A test from the shopper's side: a fresh browser context (its own storage, like a new visitor),
 * what its pages log, and a screenshot of every open page when it fails.
 */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { WAIT_MS, type ShopUnderTest } from './shop-under-test';

/** What a journey receives: a fresh context (a new visitor) and its first page. */
export interface JourneyContext {
  context: BrowserContext;
  page: Page;
}

/** Options of {@link journey}. */
export interface JourneyOptions {
  /**
   * Fail the test when a page of the shop logs a console error or warning or throws (React
   * reports a hydration mismatch so), or when the shop's server logs an error (`serverErrors`).
   * Otherwise the pages' console errors are only added to a failure's message.
   * @default false
   */
  strict?: boolean;
  /** What the shop's server has logged as errors so far (read before and after the test). */
  serverErrors?: () => readonly string[];
  /** @default 90_000 */
  timeout?: number;
}

/**
 * Declares the test `name`. On failure, every page of the context is screenshotted to
 * `<shop>/test-results/<file>/<test>-<n>.png` and what the pages logged is added to the message.
 *
 * @example journey(shop, 'adds to the cart', async ({ page }) => { … }, { strict: true })
 */
export function journey(
  shop: ShopUnderTest,
  name: string,
  run: (journey: JourneyContext) => Promise<void>,
  options: JourneyOptions = {},
): void {
  const { strict = false, serverErrors = () => [], timeout = 90_000 } = options;
  test(
    name,
    async ({ task }) => {
      const context = await shop.browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-US',
      });
      context.setDefaultTimeout(WAIT_MS);
      context.setDefaultNavigationTimeout(WAIT_MS);
      const problems: string[] = [];
      context.on('page', (page) => watch(page, problems, strict ? shop.origin : undefined));
      const page = await context.newPage();
      const serverErrorsBefore = serverErrors().length;
      try {
        await run({ context, page });
        if (strict) {
          problems.push(
            ...serverErrors()
              .slice(serverErrorsBefore)
              .map((line) => `[server] ${line}`),
          );
          expect(problems, 'console errors or warnings, page errors, server errors').toEqual([]);
        }
      } catch (error) {
        // The shop's folder: its tests are in `<shop>/e2e/`.
        const results = join(dirname(dirname(task.file.filepath)), 'test-results');
        await screenshotAll(context, join(results, basename(task.file.name, '.test.ts')), name);
        if (error instanceof Error && problems.length > 0) {
          error.message += `\n\nBrowser console:\n${problems.slice(-20).join('\n')}`;
        }
        throw error;
      } finally {
        await context.close();
      }
    },
    timeout,
  );
}

/**
 * Collects what a page logs. With `origin`, only the shop's own pages (not the emulator's
 * hosted pages: not ours to judge), errors and warnings; without, errors of every page.
 */
function watch(page: Page, problems: string[], origin: string | undefined): void {
  const counts = () => origin === undefined || page.url().startsWith(`${origin}/`);
  // Which page said it: a production build's hydration error names no component.
  const where = () => page.url().split(/[?#]/)[0];
  page.on('pageerror', (error) => {
    if (counts()) problems.push(`[pageerror] ${where()}: ${error.message}`);
  });
  page.on('console', (message) => {
    const type = message.type();
    const logged = type === 'error' || (origin !== undefined && type === 'warning');
    if (logged && counts()) {
      const tag = origin === undefined ? '[console]' : `[console.${type}]`;
      problems.push(`${tag} ${where()}: ${message.text()}`);
    }
  });
}

/** A full-page PNG of every page of `context`, in `dir`, named after the test. */
async function screenshotAll(context: BrowserContext, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const slug = name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  await Promise.all(
    context
      .pages()
      .map((page, index) =>
        page
          .screenshot({ path: join(dir, `${slug}-${index + 1}.png`), fullPage: true })
          .catch(() => undefined),
      ),
  );
}
