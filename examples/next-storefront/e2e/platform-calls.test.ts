/**
 * What a page view of the shop costs the platform on the suite's catalog (Catalog V3, issue
 * "Catalog V3": no more than on V1), counted at the emulator on a fresh server process: the
 * store's catalog version is read once for the process, across every page view and visitor; a
 * warm page reads no catalog; a visitor who only looks costs no token grant, one who adds costs
 * one (minted on first use). `catalogs.test.ts` counts the same on the other catalog.
 */
import { describe, expect } from 'vitest';
import { SUITE_CATALOG, journey, useShop } from './harness';
import { describeCalls, measurePageViews } from './platform-calls';

const shop = useShop();

describe(`platform calls of page views, Catalog ${SUITE_CATALOG.toUpperCase()}`, () => {
  journey(
    shop,
    'one version read per server process, no catalog call on a warm page, a grant only to add',
    async ({ page }) => {
      expect(shop.catalog).toBe(SUITE_CATALOG);
      const calls = await measurePageViews(shop, page);
      console.log(describeCalls(shop.catalog, calls));
      expect(calls.pageViews).toBeGreaterThanOrEqual(30);
      expect(calls.versionReads).toBe(1);
      expect(calls.coldCatalogCalls).toBeGreaterThan(0);
      expect(calls.warmCatalogCalls).toBe(0);
      expect(calls.serverGrants).toBeLessThanOrEqual(1);
      expect(calls.lookingGrants).toBe(0);
      expect(calls.addingGrants).toBe(1);
    },
  );
});
