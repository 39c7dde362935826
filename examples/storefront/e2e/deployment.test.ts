/**
 * What the production build hands out: served by `vite preview` (the server of `npm start`), as
 * any static host would serve `dist/`. No browser needed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, DIST } from './harness';

let server: PreviewServer;
let origin: string;

beforeAll(async () => {
  assertBuilt();
  server = await preview({
    root: join(DIST, '..'),
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  origin = server.resolvedUrls?.local[0] ?? '';
});

afterAll(async () => {
  await server?.close();
});

describe('the production build', () => {
  it('serves no source maps: none is built, and the scripts point to none', async () => {
    const assets = await readdir(join(DIST, 'assets'));
    const scripts = assets.filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);

    for (const script of scripts) {
      const code = await readFile(join(DIST, 'assets', script), 'utf8');
      expect(code, `${script} names a source map`).not.toMatch(/sourceMappingURL/);
      // What a visitor gets for the map's usual address: the page (SPA fallback), never a map.
      const response = await fetch(new URL(`assets/${script}.map`, origin));
      const body = await response.text();
      expect(response.headers.get('content-type') ?? '').not.toContain('json');
      expect(body).not.toContain('"mappings"');
    }
  });
});
