/**
 * What page views of the shop cost the platform, counted at the emulator: the catalog version
 * reads, the catalog reads of cold and of warm pages, and the token grants of visitors who only
 * look and of one who adds to the cart. For `platform-calls.test.ts` (the suite's catalog) and
 * `catalogs.test.ts` (the other), run first on a shop whose server process is fresh.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { VERSION_READ, type Shop } from './harness';
import { addToCartFromProductPage, cartCount, header } from './shopper';

/** What the views cost, as counted. */
export interface PageViewCalls {
  pageViews: number;
  visitors: number;
  /** `GET /stores/v3/provision/version` over every view (the server's one process). */
  versionReads: number;
  /** Catalog reads of the first round (the pages cold). */
  coldCatalogCalls: number;
  /** Catalog reads of every later round of the visitors without a browser (the pages warm). */
  warmCatalogCalls: number;
  /** Anonymous grants of the first round: the server's own catalog client's. */
  serverGrants: number;
  /** Anonymous grants of the visitors who only looked (every round after the first, a browser's). */
  lookingGrants: number;
  /** Anonymous grants of the browser's visitor adding to the cart. */
  addingGrants: number;
}

/** A visitor without a browser: its cookies kept between views, as a browser keeps them. */
function cookieJar(): { header(): string; keep(response: Response): void } {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/**
 * Views the shop's catalog pages (home, a collection and its second page, two products, a search
 * with its sort) as `visitors` visitors, one after the other, then with a browser that looks at
 * them too and adds to the cart; counts what the platform was asked.
 */
export async function measurePageViews(
  shop: Shop,
  page: Page,
  visitors = 4,
): Promise<PageViewCalls> {
  const grants = () => shop.emulator.grants().anonymous;
  const start = { requests: shop.requests().length, grants: grants() };
  const first = await fetch(shop.url('/collections/stationery'));
  const html = await first.text();
  expect(first.status).toBe(200);
  // The collection's second page, by the cursor its first page links to.
  const later = /href="(\/collections\/stationery\/after\/[^"]+)"/.exec(html)?.[1];
  expect(later).toBeDefined();
  const paths = [
    '/',
    '/collections/stationery',
    later!.replace(/&amp;/g, '&'),
    '/products/brass-ruler',
    '/products/classic-crew-tee',
    '/search?q=tee',
    '/search?q=mug&sort=price-asc',
  ];
  let pageViews = 1;
  let warmFrom = 0;
  let serverGrants = 0;
  for (let visitor = 0; visitor < visitors; visitor += 1) {
    const jar = cookieJar();
    for (const path of paths) {
      const cookie = jar.header();
      const response = await fetch(shop.url(path), cookie ? { headers: { cookie } } : {});
      jar.keep(response);
      expect(`${path} ${response.status}`).toBe(`${path} 200`);
      await response.arrayBuffer();
      pageViews += 1;
    }
    if (visitor === 0) {
      warmFrom = shop.requests().length;
      serverGrants = grants() - start.grants;
    }
  }
  const warmCatalogCalls = shop.catalogCallsSince(warmFrom).length;
  const coldCatalogCalls = shop.catalogCallsSince(start.requests).length - warmCatalogCalls;
  // The browser's visitor: looks (the router prefetches the links in view, other pages among
  // them: not counted as warm), then adds.
  for (const path of paths) {
    await page.goto(shop.url(path));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The router's prefetches of the links in view, given a moment (a prefetch of the home page
    // may stay open: not waited for).
    await page.waitForLoadState('networkidle', { timeout: 1500 }).catch(() => {});
    pageViews += 1;
  }
  const lookingGrants = grants() - start.grants - serverGrants;
  await addToCartFromProductPage(page, shop, 'brass-ruler');
  await expect.poll(() => cartCount(page)).toBe(1);
  await header(page).getByRole('link', { name: /^Cart/ }).waitFor();
  const addingGrants = grants() - start.grants - serverGrants - lookingGrants;
  const versionReads = shop
    .requests()
    .slice(start.requests)
    .filter((line) => VERSION_READ.test(line)).length;
  return {
    pageViews,
    visitors: visitors + 1,
    versionReads,
    coldCatalogCalls,
    warmCatalogCalls,
    serverGrants,
    lookingGrants,
    addingGrants,
  };
}

/** The figures as one line of the test's output. */
export function describeCalls(catalog: string, calls: PageViewCalls): string {
  return (
    `[platform calls, Catalog ${catalog.toUpperCase()}] ${calls.pageViews} page views by ` +
    `${calls.visitors} visitors: ${calls.versionReads} version read(s); catalog calls ` +
    `${calls.coldCatalogCalls} cold, ${calls.warmCatalogCalls} warm; grants: ` +
    `${calls.serverGrants} the server's own, ${calls.lookingGrants} looking, ` +
    `${calls.addingGrants} adding`
  );
}
