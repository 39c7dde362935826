/**
 * `page-tags.ts` copies each tag expiration into Next's record of expired tags,
 * `next/dist/server/lib/incremental-cache/tags-manifest.external.js`: not a public API of Next.
 * This file fails, naming that module, the day a Next release moves it, changes its shape, or
 * stops reading it where it keeps whole pages (its incremental cache): pages would then outlive
 * a webhook on every server but the one it reached.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { expirePages } from '../page-tags.js';

const load = createRequire(import.meta.url);
const PART = 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
const NEXT = (load('next/package.json') as { version: string }).version;
const moved = `Next ${NEXT} changed ${PART}, which @vitrine/next's page-tags.ts writes to`;

interface NextTagsModule {
  tagsManifest: Map<string, { stale?: number; expired?: number }>;
  areTagsExpired(tags: string[], timestamp: number): boolean;
  areTagsStale(tags: string[], timestamp: number): boolean;
}

describe("Next's private tags-manifest.external", () => {
  it('is where Next finds it, with the shape page-tags.ts writes', () => {
    let module: Partial<NextTagsModule> | undefined;
    try {
      module = load(PART) as Partial<NextTagsModule>;
    } catch {
      module = undefined;
    }
    expect(module, `${moved}: it is gone`).toBeDefined();
    expect(module!.tagsManifest, `${moved}: no tagsManifest Map`).toBeInstanceOf(Map);
    expect(typeof module!.areTagsExpired, `${moved}: no areTagsExpired`).toBe('function');
    expect(typeof module!.areTagsStale, `${moved}: no areTagsStale`).toBe('function');
  });

  it("is read by Next's page cache, and sees what page-tags.ts writes", () => {
    for (const file of ['index.js', 'file-system-cache.js']) {
      const source = readFileSync(
        load.resolve(`next/dist/server/lib/incremental-cache/${file}`),
        'utf8',
      );
      expect(source, `${moved}: incremental-cache/${file} no longer reads it`).toContain(
        'tags-manifest.external',
      );
    }
    const next = load(PART) as NextTagsModule;
    const made = Date.now() - 1000;
    expirePages('vitrine:test:expired', { at: made + 500, expired: made + 500 });
    expirePages('vitrine:test:stale', { at: made + 500, stale: made + 500 });
    expect(next.areTagsExpired(['vitrine:test:expired'], made), `${moved}: expired`).toBe(true);
    expect(next.areTagsStale(['vitrine:test:stale'], made), `${moved}: stale`).toBe(true);
    expect(next.areTagsExpired(['vitrine:test:stale'], made)).toBe(false);
  });
});
