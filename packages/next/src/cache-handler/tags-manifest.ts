/**
 * What each server knows of the tags' expirations: a copy, in its memory, of the shop's record in
 * Redis, kept current by the messages every server publishes when it expires a tag. Reads answer
 * from it without a round trip. Two records of one tag (two servers, or a write kept through an
 * outage) are reconciled by when each was made: the later wins, here and in Redis alike.
 *
 * The meaning of `stale` and `expired` is Next.js's own (its in-memory handler's): an entry made
 * before `expired` (once that time has come) is gone; one made before `stale` is served once more
 * and replaced.
 */

/** One tag's record. */
export interface TagRecord {
  /** When it was made (ms since the epoch): the later of two records wins. */
  at: number;
  /** Entries made before this are served once more, then replaced. */
  stale?: number;
  /** Entries made before this are gone once this time has come. */
  expired?: number;
}

/** A record as stored and published: `[at, stale, expired]`, absent times as `null`. */
export type WireRecord = [number, number | null, number | null];

/** The wire form of `record`. */
export function toWire(record: TagRecord): WireRecord {
  return [record.at, record.stale ?? null, record.expired ?? null];
}

/** The record of a wire form, or `undefined` when it is not one. */
export function fromWire(value: unknown): TagRecord | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [at, stale, expired] = value as unknown[];
  if (typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  const record: TagRecord = { at };
  if (typeof stale === 'number') record.stale = stale;
  if (typeof expired === 'number') record.expired = expired;
  return record;
}

/** The in-memory copy of the tags' records. */
export class TagsManifest {
  readonly #records = new Map<string, TagRecord>();
  readonly #onRecord: ((tag: string, record: TagRecord) => void) | undefined;

  /** `onRecord`: told of each record taken (this server's and the other servers'). */
  constructor(onRecord?: (tag: string, record: TagRecord) => void) {
    this.#onRecord = onRecord;
  }

  /** Takes `record` for `tag` unless a later one is known. */
  apply(tag: string, record: TagRecord): void {
    const known = this.#records.get(tag);
    if (known === undefined || known.at <= record.at) {
      this.#records.set(tag, record);
      this.#onRecord?.(tag, record);
    }
  }

  /** The record of `tag`, if any. */
  get(tag: string): TagRecord | undefined {
    return this.#records.get(tag);
  }

  /**
   * The record `updateTags` makes for `tag` at `now` (Next.js's rules): with `durations`, stale at
   * once and expired `expire` seconds later (when given); without, expired at once.
   */
  recordFor(tag: string, now: number, durations?: { expire?: number }): TagRecord {
    const known = this.#records.get(tag);
    // Whole milliseconds order two records; the times themselves stay exact, so that an entry
    // made a fraction of a millisecond before an expiration is expired by it.
    const record: TagRecord = { at: Math.floor(now) };
    if (known?.stale !== undefined) record.stale = known.stale;
    if (known?.expired !== undefined) record.expired = known.expired;
    if (durations === undefined) {
      record.expired = now;
      return record;
    }
    record.stale = now;
    if (durations.expire !== undefined) record.expired = now + durations.expire * 1000;
    return record;
  }

  /** The latest expiration of `tags` (0 when none was ever expired), as `getExpiration` answers. */
  expiration(tags: readonly string[]): number {
    let latest = 0;
    for (const tag of tags) latest = Math.max(latest, this.#records.get(tag)?.expired ?? 0);
    return latest;
  }

  /** Whether an entry made at `timestamp` with `tags` is gone by `now`. */
  isExpired(tags: readonly string[], timestamp: number, now: number): boolean {
    return tags.some((tag) => {
      const expired = this.#records.get(tag)?.expired;
      return expired !== undefined && expired <= now && expired > timestamp;
    });
  }

  /** Whether an entry made at `timestamp` with `tags` is to be served once more and replaced. */
  isStale(tags: readonly string[], timestamp: number): boolean {
    return tags.some((tag) => (this.#records.get(tag)?.stale ?? 0) > timestamp);
  }
}
