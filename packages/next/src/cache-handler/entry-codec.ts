/**
 * How an entry is kept in Redis: one string value, so one GET reads it whole. Four bytes (the
 * length of the header, big-endian), the header (JSON: format version, tags, the entry's times),
 * then the entry's bytes as Next.js serialized them.
 */
import type { CacheEntry } from 'next/cache';

/** An entry without its stream: what the header holds. */
export type EntryMeta = Omit<CacheEntry, 'value'>;

const FORMAT = 1;

/** The stored form of `meta` and its `bytes`. */
export function encodeEntry(meta: EntryMeta, bytes: Uint8Array): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      v: FORMAT,
      tags: meta.tags,
      stale: meta.stale,
      timestamp: meta.timestamp,
      expire: meta.expire,
      revalidate: meta.revalidate,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.byteLength);
  return Buffer.concat([length, header, bytes]);
}

/** The entry stored in `stored`, or `undefined` when it is not one this version wrote. */
export function decodeEntry(stored: Buffer): { meta: EntryMeta; bytes: Buffer } | undefined {
  if (stored.byteLength < 4) return undefined;
  const headerEnd = 4 + stored.readUInt32BE(0);
  if (headerEnd > stored.byteLength) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(stored.subarray(4, headerEnd).toString('utf8'));
  } catch {
    return undefined;
  }
  const meta = metaOf(header);
  return meta && { meta, bytes: stored.subarray(headerEnd) };
}

function metaOf(header: unknown): EntryMeta | undefined {
  if (typeof header !== 'object' || header === null) return undefined;
  const { v, tags, stale, timestamp, expire, revalidate } = header as Record<string, unknown>;
  const numbers = [stale, timestamp, expire, revalidate];
  if (v !== FORMAT || !numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return undefined;
  }
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) return undefined;
  return {
    tags,
    stale: stale as number,
    timestamp: timestamp as number,
    expire: expire as number,
    revalidate: revalidate as number,
  };
}

/** A new stream over `bytes` (each `get` returns its own). */
export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}
