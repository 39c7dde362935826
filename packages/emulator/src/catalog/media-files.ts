/**
 * Media ids and where the emulator serves them. As on the platform, a media id is a file name
 * with its extension (`everyday-socks-3-pack.svg`, the platform's `3c76e2_…~mv2.jpg`) and the
 * file is served at `/media/{id}`, the path the official client's `media.getImageUrl` builds from
 * the id. Ids of earlier emulator versions lacked the extension (`everyday-socks-3-pack`, served at
 * `/media/everyday-socks-3-pack.svg`); {@link upgradeMediaIds} brings a catalog of theirs up to
 * date, keeping every URL it holds.
 */
import type { CollectionRecord, MediaRecord, ProductRecord } from '../models/catalog.js';
import { SEED_PICTURE_SIDE, pictureMediaId } from './seed-media.js';

/** The path prefix of media files. */
export const MEDIA_PREFIX = '/media/';

/**
 * A media id: the file name of an image, with its extension, never a path (no `/`, no `%`).
 */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_.~-]{1,195}\.(?:svg|png|jpe?g|jpe|gif|webp|avif)$/i;

/** The path a media id is served at. */
export function mediaPath(id: string): string {
  return `${MEDIA_PREFIX}${id}`;
}

/**
 * The platform's sized form of a media path, as its media server and the official client's
 * image helpers write it: `/media/{id}/v1/{fit|fill}/w_{width},h_{height},q_90/{id}`.
 */
export function sizedMediaPath(
  id: string,
  size: { width: number; height: number; fit: 'fit' | 'fill' },
): string {
  return `${mediaPath(id)}/v1/${size.fit}/w_${size.width},h_${size.height},q_90/${id}`;
}

/**
 * The id of the picture the emulator serves for `name`: the file name of its WebP when the seed
 * has one (catalog/seed-media.ts), else of the SVG it draws.
 */
export function drawnMediaId(name: string): string {
  return pictureMediaId(name);
}

/** A media record of a picture the emulator serves, 800 × 800 (its files' and drawings' size). */
export function drawnMedia(id: string, title: string): MediaRecord {
  return { id, url: mediaPath(id), width: SEED_PICTURE_SIDE, height: SEED_PICTURE_SIDE, title };
}

/**
 * The media id of an emulator media URL (`/media/{id}`, or the same under `baseUrl`), or
 * `undefined` for any other URL (an external image has no platform media id).
 */
export function mediaIdOfUrl(url: string, baseUrl: string): string | undefined {
  const path = url.startsWith(`${baseUrl}${MEDIA_PREFIX}`) ? url.slice(baseUrl.length) : url;
  if (!path.startsWith(MEDIA_PREFIX)) return undefined;
  const id = path.slice(MEDIA_PREFIX.length);
  return MEDIA_ID_PATTERN.test(id) ? id : undefined;
}

/** `url` as kept in state: an emulator media URL under `baseUrl` becomes its path. */
export function storedMediaUrl(url: string, baseUrl: string): string {
  const id = mediaIdOfUrl(url, baseUrl);
  return id === undefined ? url : mediaPath(id);
}

/** The id a media record of an earlier version should have: its file name, when it has one. */
function upgradedId(media: MediaRecord): string {
  const file = mediaIdOfUrl(media.url, '');
  return file !== undefined && file !== media.id ? file : media.id;
}

/**
 * Gives the media of a catalog written by an earlier version ids that are their file names,
 * renaming the choices' references too. URLs are unchanged, so they keep working; a catalog
 * already up to date is left as it is. Changes the records in place.
 */
export function upgradeMediaIds(
  products: Iterable<ProductRecord>,
  collections: Iterable<CollectionRecord>,
): void {
  for (const product of products) {
    const renamed = new Map<string, string>();
    for (const media of product.media) {
      const id = upgradedId(media);
      if (id === media.id) continue;
      renamed.set(media.id, id);
      media.id = id;
    }
    if (renamed.size === 0) continue;
    for (const option of product.productOptions)
      for (const choice of option.choices)
        choice.mediaIds = choice.mediaIds.map((id) => renamed.get(id) ?? id);
  }
  for (const collection of collections) {
    if (collection.media) collection.media.id = upgradedId(collection.media);
  }
}
