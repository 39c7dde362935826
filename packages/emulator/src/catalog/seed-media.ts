/**
 * The seed's pictures as raster files: WebP images drawn once from the emulator's SVG drawing
 * (scripts/draw-seed-media.mjs, run by hand; the files are committed in `media/` and shipped in
 * the package). A store's photos on the platform are raster images; Next.js's image optimizer,
 * among others, refuses SVG unless an app opts in. Names with no file (a seed file's products, a
 * merchant's media ids) keep the drawn SVG.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Width and height of every seeded picture, in pixels. */
export const SEED_PICTURE_SIDE = 800;

/** The extension (and format) of the seeded pictures' files. */
const EXTENSION = '.webp';

/** Files are named like media ids: letters, digits and `_.~-`, never a path. */
const NAME = /^[A-Za-z0-9_.~-]{1,190}$/;

let folder: string | null | undefined;

/** The package's `media/` folder, from this module in `src/catalog/` or bundled in `dist/`. */
function mediaFolder(): string | null {
  if (folder !== undefined) return folder;
  let at = dirname(fileURLToPath(import.meta.url));
  folder = null;
  for (let up = 0; up < 3; up += 1) {
    if (existsSync(join(at, 'media', `classic-crew-tee${EXTENSION}`))) {
      folder = join(at, 'media');
      break;
    }
    at = dirname(at);
  }
  return folder;
}

const cache = new Map<string, Buffer>();

/**
 * The WebP file of the seeded picture called `name` (a media id without its extension), or
 * `undefined` when the seed has no picture of that name. Read once, then kept (the seed's files
 * only: about a hundred of a few KB).
 */
export function seedPicture(name: string): Buffer | undefined {
  if (!NAME.test(name)) return undefined;
  const kept = cache.get(name);
  if (kept !== undefined) return kept;
  const dir = mediaFolder();
  const file = dir === null ? '' : join(dir, `${name}${EXTENSION}`);
  if (dir === null || !existsSync(file)) return undefined; // misses are not kept: names are many
  const bytes = readFileSync(file);
  cache.set(name, bytes);
  return bytes;
}

/** The media id of a picture the emulator serves for `name`: its WebP file, else its SVG drawing. */
export function pictureMediaId(name: string): string {
  return seedPicture(name) === undefined ? `${name}.svg` : `${name}${EXTENSION}`;
}
