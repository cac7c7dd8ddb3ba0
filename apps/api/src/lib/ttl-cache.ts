export interface TtlCacheOptions {
  /** How long an answer may be served, from when its read began; 0 turns the cache off. */
  ttlMs: number;
  /** Most answers kept; the least recently used goes first. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<T> {
  /** When the read behind this answer began: the TTL counts from there, not from its end. */
  at: number;
  value: Promise<T>;
  /** The answer once the read has finished: `settled()` hands it out without a promise. */
  settled?: { value: T };
}

/**
 * Answers by key, until what they were read from changes on this instance or the TTL runs
 * out (a change made by another instance). Writers call `invalidate()` after their
 * transaction has committed: an answer being read at that moment is dropped with the rest,
 * so nothing read before a commit is kept after it. Callers asking for the same key while
 * it is being read share that one read; a read that fails is not kept.
 * Used for catalog answers (docs/decisions/0010) and session checks (docs/decisions/0013).
 */
export class TtlCache<T> {
  private entries = new Map<string, Entry<T>>();
  private readonly now: () => number;

  constructor(private readonly opts: TtlCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  invalidate(): void {
    // A new map rather than clear(): reads still in flight hold the old one and so cannot
    // put their (possibly older) answer back.
    this.entries = new Map();
  }

  get(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.hit(key);
    if (hit) return hit.value;
    if (this.opts.ttlMs <= 0) return read();
    const entries = this.entries;
    const value = read();
    const entry: Entry<T> = { at: this.now(), value };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > this.opts.maxEntries) entries.delete(entries.keys().next().value as string);
    value.then(
      (answer) => {
        entry.settled = { value: answer };
      },
      // A failed read is not an answer: the next caller tries again.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The kept answer for `key` if its read has already finished, at once; undefined when the
   * caller has to `get()` it. For the hottest callers (the session check on every signed-in
   * request), where waiting on a promise that is already settled costs more than the lookup.
   */
  settled(key: string): { value: T } | undefined {
    return this.hit(key)?.settled;
  }

  private hit(key: string): Entry<T> | undefined {
    if (this.opts.ttlMs <= 0) return undefined;
    const entries = this.entries;
    const hit = entries.get(key);
    if (!hit || this.now() - hit.at >= this.opts.ttlMs) return undefined;
    // Map order is the eviction order: a hit moves to the back.
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
}
