/**
 * Pictures served where the platform serves media: `GET /media/{id}`, the id being a file name
 * (`everyday-socks-3-pack.webp`), and the platform's sized form
 * `GET /media/{id}/v1/{fill|fit|crop}/{w_…,h_…,…}[/{operation}/{…}]/{name}`, as
 * the official client's image helpers and {@link https://static.wixstatic.com} build it.
 *
 * The seed's pictures are WebP files (catalog/seed-media.ts), 800 × 800; their sized forms answer
 * the original file, which a browser or an image optimizer scales (the platform answers the size
 * asked for: a guess the README lists). Any other name gets a simple SVG drawn for it, whose
 * colour comes from the name (or from a `--c-rrggbb` suffix, used for colour choices), labelled
 * with a title made from the name, at the size asked for; the seed's files are these drawings,
 * rasterized. The id's extension does not change the picture: `/media/mug.svg` (earlier
 * versions' id), `/media/mug.webp` and `/media/mug.png` answer the same one. Every answer says
 * `X-Content-Type-Options: nosniff`.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { notFound } from '../http/errors.js';
import { MEDIA_ID_PATTERN, MEDIA_PREFIX } from './media-files.js';
import { seedPicture } from './seed-media.js';

/** The drawing's own size, in the units of its `viewBox`. */
const SIZE = 800;

/** Largest width or height a sized URL may ask for. */
export const MAX_SIDE = 5000;

/** How a sized image fills the box asked for. */
export interface ImageSize {
  width: number;
  height: number;
  /** `fill` covers the box (cropping), `fit` fits inside it. */
  fit: 'fill' | 'fit';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The part of an id that names the picture: without an image file extension. */
function pictureName(id: string): string {
  return id.replace(/\.(svg|png|jpe?g|jpe|gif|webp|avif)$/i, '');
}

function titleFrom(name: string): string {
  const base = name.replace(/--c-[0-9a-f]{6}$/i, '').replace(/^collection-/, '');
  return base
    .split(/[-_.~]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
    .slice(0, 40);
}

/** The SVG for a media id, at its own size or at `size`. */
export function drawImage(id: string, size?: ImageSize): string {
  const name = pictureName(id);
  const digest = createHash('sha256').update(name).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const explicit = /--c-([0-9a-f]{6})$/i.exec(name)?.[1];
  const fill = explicit ? `#${explicit}` : `hsl(${hue} 45% 62%)`;
  const accent = `hsl(${(hue + 40) % 360} 50% 40%)`;
  const shape = digest[2]! % 3;
  const figure =
    shape === 0
      ? `<circle cx="400" cy="360" r="170" fill="${accent}" opacity="0.85"/>`
      : shape === 1
        ? `<rect x="230" y="190" width="340" height="340" rx="36" fill="${accent}" opacity="0.85"/>`
        : `<path d="M400 170 L590 530 L210 530 Z" fill="${accent}" opacity="0.85"/>`;
  const box = size
    ? `width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid ${size.fit === 'fill' ? 'slice' : 'meet'}"`
    : `width="${SIZE}" height="${SIZE}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" ${box} viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${fill}"/>`,
    figure,
    `<text x="400" y="680" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" fill="#ffffff">${escapeXml(titleFrom(name))}</text>`,
    '</svg>',
  ].join('');
}

const OPERATIONS = new Set(['fill', 'fit', 'crop']);
const PARAMETER = /^[a-z]{1,10}_[A-Za-z0-9._]{1,30}$/;
const FILE_NAME = /^[A-Za-z0-9_.~%-]{1,200}$/;

function side(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,5}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= MAX_SIDE ? n : undefined;
}

/**
 * The size a sized media path asks for: the segments after `v1/`, operation and parameters in
 * pairs (`fill/w_400,h_400,al_c,q_80`, a `crop/x_…,y_…,w_…,h_…` before it), then a file name.
 * The last operation's box is the size served; `undefined` for anything else.
 */
export function parseSizedPath(segments: readonly string[]): ImageSize | undefined {
  if (segments.length < 3 || segments.length % 2 === 0 || segments.length > 9) return undefined;
  if (!FILE_NAME.test(segments.at(-1)!)) return undefined;
  let size: ImageSize | undefined;
  for (let i = 0; i < segments.length - 1; i += 2) {
    const operation = segments[i]!;
    const parameters = segments[i + 1]!.split(',');
    if (!OPERATIONS.has(operation) || parameters.length > 12) return undefined;
    if (!parameters.every((p) => PARAMETER.test(p))) return undefined;
    const value = (key: string) => parameters.find((p) => p.startsWith(`${key}_`))?.slice(2);
    const width = side(value('w'));
    const height = side(value('h'));
    if (width === undefined || height === undefined) return undefined;
    size = { width, height, fit: operation === 'fit' ? 'fit' : 'fill' };
  }
  return size;
}

/** Headers of every media answer, errors included: a browser never guesses another type. */
const NO_SNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;

const IMAGE_HEADERS = {
  'Cache-Control': 'public, max-age=86400',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  ...NO_SNIFF,
};

/** The answer for a picture: the seed's WebP file, or the SVG drawn at `size`. */
function picture(id: string, size?: ImageSize): Response {
  const file = seedPicture(pictureName(id));
  if (file !== undefined)
    return new Response(new Uint8Array(file), {
      headers: { 'Content-Type': 'image/webp', ...IMAGE_HEADERS },
    });
  return new Response(drawImage(id, size), {
    headers: { 'Content-Type': 'image/svg+xml', ...IMAGE_HEADERS },
  });
}

/** `GET /media/{id}` and its sized forms: public, cacheable. */
export function imageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/media/*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.get('/media/:file', (c) => {
    const id = c.req.param('file');
    if (!MEDIA_ID_PATTERN.test(id)) throw notFound('No image has this name');
    return picture(id);
  });
  app.get('/media/:file/v1/*', (c) => {
    // Read from the raw path: `file` and the rest must not be percent-encoded ids or slashes.
    const [id = '', version, ...rest] = c.req.path.slice(MEDIA_PREFIX.length).split('/');
    const size = MEDIA_ID_PATTERN.test(id) && version === 'v1' ? parseSizedPath(rest) : undefined;
    if (size === undefined) throw notFound('No image has this name and size');
    return picture(id, size);
  });
  // Browsers ask every host for one; without it the hosted pages log a 404 in the console.
  app.get('/favicon.ico', (c) =>
    c.body(FAVICON, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
      ...NO_SNIFF,
    }),
  );
  return app;
}

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2b6cb0"/><path d="M8 10h16l-2 12H10z" fill="#fff"/></svg>';
