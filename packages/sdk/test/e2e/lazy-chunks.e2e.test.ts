/**
 * What a shop's page loads of the SDK's build (dist/), on a Catalog V1 store and on a Catalog V3
 * store: a page (test/chunks/shop-page.mjs: the grid, the categories, a product page, an add to
 * the cart, the cart) runs in its own Node process against an emulator, and a module hook
 * records every file of the build it loads. A V1 store's page loads no V3 code and a V3 store's
 * no V1 catalog code; neither loads the Cart V1 calls, which only a store without Cart V2 needs.
 * The files are judged by what they hold (the other catalog's paths), not by their names alone.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = fileURLToPath(new URL('../chunks/', import.meta.url));

let stores: Record<'v1' | 'v3', Emulator>;
const scratch = mkdtempSync(join(tmpdir(), 'vitrine-chunks-'));

beforeAll(async () => {
  const [v1, v3] = await Promise.all([
    startEmulator({ port: 0 }),
    startEmulator({ port: 0, catalog: 'v3' }),
  ]);
  stores = { v1, v3 };
});

afterAll(async () => {
  await Promise.all([stores.v1.close(), stores.v3.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

/** The page's run on `store`: what it did, and the build's files it loaded (with their text). */
async function pageOn(catalog: 'v1' | 'v3') {
  const loads = join(scratch, `${catalog}.txt`);
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      join(here, 'record-loads.mjs'),
      join(here, 'shop-page.mjs'),
      stores[catalog].url,
      stores[catalog].clientId,
    ],
    { env: { ...process.env, VITRINE_LOADS: loads }, timeout: 30_000 },
  );
  const files = [...new Set(readFileSync(loads, 'utf8').trim().split('\n'))].map((url) => ({
    name: url.slice(url.indexOf('/dist/') + 1),
    text: readFileSync(fileURLToPath(url), 'utf8'),
  }));
  return { did: JSON.parse(stdout) as Record<string, unknown>, files };
}

/** The names of the files that hold `marker`. */
const holding = (files: { name: string; text: string }[], marker: string) =>
  files.filter((file) => file.text.includes(marker)).map((file) => file.name);

// Paths only one catalog's (or cart's) calls hold.
const V1_CATALOG = '/stores-reader/v1/products';
const V3_CATALOG = '/stores/v3/products';
const CART_V1 = '/add-to-cart';
const CART_V2 = '/add-line-items';

describe("a shop's page loads the code of its store's catalog and cart only", () => {
  it('on a Catalog V1 store: V1 catalog code, no V3 code, Cart V2 and not Cart V1', async () => {
    const { did, files } = await pageOn('v1');
    expect(did).toMatchObject({ catalog: 'v1', chosen: true, lines: 1 });
    expect(holding(files, V1_CATALOG)).not.toEqual([]);
    expect(holding(files, V3_CATALOG)).toEqual([]);
    expect(holding(files, CART_V2)).not.toEqual([]);
    expect(holding(files, CART_V1)).toEqual([]);
  });

  it('on a Catalog V3 store: V3 catalog code, no V1 catalog code, Cart V2 and not Cart V1', async () => {
    const { did, files } = await pageOn('v3');
    expect(did).toMatchObject({ catalog: 'v3', chosen: true, lines: 1 });
    expect(holding(files, V3_CATALOG)).not.toEqual([]);
    expect(holding(files, V1_CATALOG)).toEqual([]);
    expect(holding(files, CART_V2)).not.toEqual([]);
    expect(holding(files, CART_V1)).toEqual([]);
  });
});
