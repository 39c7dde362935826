/**
 * The pages Next.js keeps whole (ISR) check their tags against a record in the server's memory
 * that only this server's own expirations reach: a page kept by one server would outlive a
 * webhook another server received. Each tag record the handler takes (its own, and the other
 * servers' from Redis) is copied into that record, as Next.js's own in-memory handler does for
 * its expirations. It is Next.js's module (the one its servers share by design: `.external`),
 * not a public API: when it cannot be found, pages are kept as Next.js keeps them, and a page
 * expires on the server that received the webhook only.
 */
import { createRequire } from 'node:module';
import type { TagRecord } from './tags-manifest.js';

/** Next.js's record of expired tags, as its page cache reads it. */
type NextTagsManifest = Map<string, { stale?: number; expired?: number }>;

let manifest: NextTagsManifest | null | undefined;

function nextTagsManifest(): NextTagsManifest | null {
  if (manifest !== undefined) return manifest;
  try {
    const load = createRequire(import.meta.url);
    const found = (
      load('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as {
        tagsManifest?: unknown;
      }
    ).tagsManifest;
    manifest = found instanceof Map ? (found as NextTagsManifest) : null;
  } catch {
    manifest = null;
  }
  return manifest;
}

/** Copies `record` of `tag` into Next.js's record, where pages kept whole look. */
export function expirePages(tag: string, record: TagRecord): void {
  const next = nextTagsManifest();
  if (next === null) return;
  const entry: { stale?: number; expired?: number } = { ...next.get(tag) };
  if (record.stale !== undefined) entry.stale = Math.max(entry.stale ?? 0, record.stale);
  if (record.expired !== undefined) entry.expired = record.expired;
  next.set(tag, entry);
}
