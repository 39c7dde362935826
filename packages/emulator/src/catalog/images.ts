/**
 * Product images drawn by the emulator: `GET /media/{id}.svg` answers a simple SVG whose
 * colour comes from the id (or from a `--c-rrggbb` suffix, used for colour choices), labelled
 * with a title made from the id. No external URLs, no files.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { notFound } from '../http/errors.js';

const ID_PATTERN = /^[A-Za-z0-9_.~-]{1,200}$/;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function titleFrom(id: string): string {
  const base = id.replace(/--c-[0-9a-f]{6}$/i, '').replace(/^collection-/, '');
  return base
    .split(/[-_.~]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
    .slice(0, 40);
}

/** The SVG for a media id. */
export function drawImage(id: string): string {
  const digest = createHash('sha256').update(id).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const explicit = /--c-([0-9a-f]{6})$/i.exec(id)?.[1];
  const fill = explicit ? `#${explicit}` : `hsl(${hue} 45% 62%)`;
  const accent = `hsl(${(hue + 40) % 360} 50% 40%)`;
  const shape = digest[2]! % 3;
  const figure =
    shape === 0
      ? `<circle cx="400" cy="360" r="170" fill="${accent}" opacity="0.85"/>`
      : shape === 1
        ? `<rect x="230" y="190" width="340" height="340" rx="36" fill="${accent}" opacity="0.85"/>`
        : `<path d="M400 170 L590 530 L210 530 Z" fill="${accent}" opacity="0.85"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    `<rect width="800" height="800" fill="${fill}"/>`,
    figure,
    `<text x="400" y="680" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" fill="#ffffff">${escapeXml(titleFrom(id))}</text>`,
    '</svg>',
  ].join('');
}

/** `GET /media/{id}.svg`: public, cacheable. */
export function imageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/media/:file', (c) => {
    const file = c.req.param('file');
    const id = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!ID_PATTERN.test(id)) throw notFound('No image has this name');
    return c.body(drawImage(id), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });
  // Browsers ask every host for one; without it the hosted pages log a 404 in the console.
  app.get('/favicon.ico', (c) =>
    c.body(FAVICON, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
    }),
  );
  return app;
}

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2b6cb0"/><path d="M8 10h16l-2 12H10z" fill="#fff"/></svg>';
