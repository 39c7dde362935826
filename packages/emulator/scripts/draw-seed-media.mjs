#!/usr/bin/env node
/**
 * Writes the seed's pictures as WebP files to `media/` (committed; shipped in the package).
 *
 * Each picture is the SVG the emulator draws for the media's name (src/catalog/images.ts),
 * rasterized once by Debian's Chromium (`/usr/bin/chromium` or `CHROMIUM_PATH`, driven by
 * playwright-core; no browser is downloaded) and encoded by its canvas as lossy WebP. The
 * emulator serves these files for the seed's media ids; it needs no image library at run time.
 *
 *   node scripts/draw-seed-media.mjs            # writes media/*.webp, removes stale ones
 *   node scripts/draw-seed-media.mjs --check    # exits 1 if a seeded picture has no file
 *
 * Run it after changing the seed's products, collections or colours, or the drawing.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = dirname(here);
const mediaDir = join(packageDir, 'media');
/** Side of every seeded picture, in pixels (the seed's media records say the same). */
const SIDE = 800;
const QUALITY = 0.7;

/** The seed and the drawing, bundled from the TypeScript sources into a temporary module. */
async function loadSources() {
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-seed-media-'));
  try {
    const entry = join(folder, 'entry.ts');
    writeFileSync(
      entry,
      [
        `export { defaultSeed } from ${JSON.stringify(join(packageDir, 'src/catalog/seed.ts'))};`,
        `export { drawImage } from ${JSON.stringify(join(packageDir, 'src/catalog/images.ts'))};`,
        `export { SEED_PICTURE_SIDE } from ${JSON.stringify(join(packageDir, 'src/catalog/seed-media.ts'))};`,
      ].join('\n'),
    );
    const out = join(folder, 'entry.mjs');
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      logLevel: 'error',
    });
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const { defaultSeed, drawImage, SEED_PICTURE_SIDE } = await loadSources();
if (SEED_PICTURE_SIDE !== SIDE)
  throw new Error(`The seed says ${SEED_PICTURE_SIDE} px, this script ${SIDE}`);
const seed = defaultSeed();
// The seed's media ids, each a name and an extension (`.svg` while no file is written yet).
const nameOf = (id) => id.replace(/\.(svg|webp)$/, '');
const names = new Set();
for (const product of seed.products) for (const media of product.media) names.add(nameOf(media.id));
for (const collection of seed.collections)
  if (collection.media) names.add(nameOf(collection.media.id));
const ids = new Set([...names].map((name) => `${name}.webp`));
const wanted = [...ids].sort();

if (process.argv.includes('--check')) {
  const missing = wanted.filter((id) => !existsSync(join(mediaDir, id)));
  if (missing.length > 0) {
    console.error(
      `No file for ${missing.length} seeded pictures, e.g. ${missing[0]}: run node scripts/draw-seed-media.mjs`,
    );
    process.exit(1);
  }
  console.log(`${wanted.length} seeded pictures, each with its file`);
  process.exit(0);
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><canvas></canvas>');
  mkdirSync(mediaDir, { recursive: true });
  let total = 0;
  for (const id of wanted) {
    const svg = drawImage(id);
    const dataUrl = await page.evaluate(
      async ({ svg, side, quality }) => {
        const image = new Image(side, side);
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = document.querySelector('canvas');
        canvas.width = side;
        canvas.height = side;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0, side, side);
        return canvas.toDataURL('image/webp', quality);
      },
      { svg, side: SIDE, quality: QUALITY },
    );
    if (!dataUrl.startsWith('data:image/webp;base64,'))
      throw new Error('This Chromium cannot encode WebP');
    const bytes = Buffer.from(dataUrl.slice('data:image/webp;base64,'.length), 'base64');
    writeFileSync(join(mediaDir, id), bytes);
    total += bytes.length;
  }
  for (const file of readdirSync(mediaDir)) if (!ids.has(file)) rmSync(join(mediaDir, file));
  console.log(
    `${wanted.length} pictures, ${SIDE}×${SIDE} WebP, ${Math.round(total / 1024)} KiB in ${mediaDir}`,
  );
} finally {
  await browser.close();
}
