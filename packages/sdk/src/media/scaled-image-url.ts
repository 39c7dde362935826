/**
 * Image URLs at a given size, as the platform's media server serves them:
 * `{origin}/media/{id}/v1/fill/w_{width},h_{height},al_c,q_80,usm_0.66_1.00_0.01,enc_auto/{id}`,
 * the form the official client's `media.getScaledToFillImageUrl` writes. Pure functions: they
 * make no call and work on any image object of the platform (a product's media, a cart line's
 * or an order line's image), on its URL, or on a `wix:image://v1/…` id.
 */
import { StoreArgumentError } from '../errors/argument-error.js';
import { describe } from '../internal/checks.js';

/** The platform's media origin, where `wix:image://` ids are served. */
const PLATFORM_MEDIA_ORIGIN = 'https://static.wixstatic.com';
/** Largest side the media server makes. */
const MAX_SIDE = 5000;
/** Formats the media server resizes (as the official client's image kit): not SVG. */
const RESIZABLE = /\.(jpe?g|jpe|png|gif|webp)$/i;
/** A media id: a file name (never `.` or `..`). */
const MEDIA_ID = /^(?!\.{1,2}$)[A-Za-z0-9_.~-]{1,200}$/;

/**
 * An image: a URL, a `wix:image://v1/{id}/…` id, or an image object of the platform (a media
 * item's `image`, a line item's `image`) with `url` or `id`.
 */
export type ImageSource =
  | string
  | {
      url?: string | undefined;
      id?: string | undefined;
      width?: number | undefined;
      height?: number | undefined;
    };

/** The size asked for. */
export interface ImageSize {
  /** Width in CSS pixels, 1–5000. */
  width: number;
  /** Height in CSS pixels, 1–5000. */
  height: number;
  /**
   * `fill` covers the box, cropping the centre; `fit` fits the whole image inside it.
   * @default 'fill'
   */
  fit?: 'fill' | 'fit';
}

/** A media file: where its server is, and its id (a file name). */
interface MediaFile {
  origin: string;
  id: string;
}

/** The official client's image ids: `wix:image://v1/{id}/{file name}#originWidth=…`. */
const WIX_IMAGE_ID = /^(?:wix:)?image:\/\/v1\/([^/#?]+)/;

function mediaFileOfUrl(url: string): MediaFile | undefined {
  const wixId = WIX_IMAGE_ID.exec(url)?.[1];
  if (wixId !== undefined) {
    if (!MEDIA_ID.test(wixId)) throw new StoreArgumentError('image', 'has a malformed media id');
    return { origin: PLATFORM_MEDIA_ORIGIN, id: wixId };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  // `/media/{id}`, or a sized form of it (`/media/{id}/v1/fill/…`).
  const match = /^\/media\/([^/]+)(?:\/v1\/.*)?$/.exec(parsed.pathname);
  return match && MEDIA_ID.test(match[1]!) ? { origin: parsed.origin, id: match[1]! } : undefined;
}

/** The media file of a URL or id string, and the URL a browser loads for it. */
function fromString(value: string): { file?: MediaFile; url: string } {
  const file = mediaFileOfUrl(value);
  // A `wix:image://` id is no URL a browser can load: its media URL stands for it.
  return file ? { file, url: `${file.origin}/media/${file.id}` } : { url: value };
}

function mediaFileOf(image: ImageSource): { file?: MediaFile; url: string } {
  if (typeof image === 'string') return fromString(image);
  if (typeof image !== 'object' || image === null)
    throw new StoreArgumentError(
      'image',
      `must be a URL or an image object, got ${describe(image)}`,
    );
  if (typeof image.url === 'string' && image.url !== '') return fromString(image.url);
  if (typeof image.id === 'string' && MEDIA_ID.test(image.id))
    return fromString(`wix:image://v1/${image.id}`);
  throw new StoreArgumentError('image', 'must have a url or a media id');
}

function checkSide(argument: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_SIDE)
    throw new StoreArgumentError(argument, `must be a whole number from 1 to ${MAX_SIDE}`);
  return value;
}

function sized(file: MediaFile, width: number, height: number, fit: 'fill' | 'fit'): string {
  const parameters =
    fit === 'fill'
      ? `w_${width},h_${height},al_c,q_80,usm_0.66_1.00_0.01,enc_auto`
      : `w_${width},h_${height},q_80,usm_0.66_1.00_0.01,enc_auto`;
  return `${file.origin}/media/${file.id}/v1/${fit}/${parameters}/${file.id}`;
}

/**
 * The URL of `image` at `size`, from the platform's media server (or the emulator, which serves
 * the same paths). An image the server does not resize comes back as it is: an SVG (its plain
 * media URL: it scales by itself) or an image hosted elsewhere (its own URL).
 *
 * @example
 * <img src={scaledImageUrl(product.media.mainMedia.image, { width: 400, height: 400 })} />
 * scaledImageUrl(line.image, { width: 80, height: 80 });
 * // 'https://static.wixstatic.com/media/3c76e2_…~mv2.jpg/v1/fill/w_80,h_80,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/3c76e2_…~mv2.jpg'
 * @throws {StoreArgumentError} when `image` has no URL or id, or a side is not a whole number
 * from 1 to 5000.
 */
export function scaledImageUrl(image: ImageSource, size: ImageSize): string {
  const width = checkSide('size.width', size?.width);
  const height = checkSide('size.height', size?.height);
  const fit = size.fit ?? 'fill';
  if (fit !== 'fill' && fit !== 'fit')
    throw new StoreArgumentError('size.fit', "must be 'fill' or 'fit'");
  const { file, url } = mediaFileOf(image);
  if (file === undefined) return url;
  if (!RESIZABLE.test(file.id)) return `${file.origin}/media/${file.id}`;
  return sized(file, width, height, fit);
}

/**
 * A `srcset` of `image` at `size` for screens of each density (1x, 2x…), or `undefined` when the
 * server does not resize it (an SVG or an image hosted elsewhere: `src` alone is right).
 *
 * @example
 * <img
 *   src={scaledImageUrl(image, { width: 400, height: 400 })}
 *   srcSet={imageSrcSet(image, { width: 400, height: 400 })}
 *   width={400}
 *   height={400}
 * />
 * @throws {StoreArgumentError} as {@link scaledImageUrl}, and for a density that is not a
 * positive number.
 */
export function imageSrcSet(
  image: ImageSource,
  size: ImageSize & {
    /** @default [1, 2] */
    densities?: readonly number[];
  },
): string | undefined {
  const base = scaledImageUrl(image, size);
  const { file } = mediaFileOf(image);
  if (file === undefined || !RESIZABLE.test(file.id)) return undefined;
  const densities = size.densities ?? [1, 2];
  return densities
    .map((density, index) => {
      if (typeof density !== 'number' || !(density > 0) || !Number.isFinite(density))
        throw new StoreArgumentError(`size.densities[${index}]`, 'must be a positive number');
      if (density === 1) return `${base} 1x`;
      const scale = (side: number) => Math.min(MAX_SIDE, Math.round(side * density));
      return `${sized(file, scale(size.width), scale(size.height), size.fit ?? 'fill')} ${density}x`;
    })
    .join(', ');
}
