/**
 * Maps bounded by the approximate bytes of what they hold, for the caches a server isolate
 * keeps for its whole life. A count bound is no bound when keys come from URLs: a URL may
 * be 64 KB long, so a few thousand entries would fill the isolate's heap and some other
 * request would get the 500 page. Sizes are estimates (UTF-16: two bytes a character, plus
 * a fixed overhead per entry); an entry over `maxEntryBytes` is not kept at all, and the
 * oldest entries make room for new ones (first in, first out: no bookkeeping on a hit).
 * Several maps may share one budget; room is then made in the fullest of them.
 */

/** What an entry costs beyond its key and value: the map's slot and the entry's record. */
export const ENTRY_OVERHEAD = 64;

/** Approximate bytes of a string held by V8. */
export const stringBytes = (s: string) => s.length * 2;

/** The bytes several maps may hold together, and the largest entry any of them keeps. */
export class ByteBudget {
  used = 0;
  readonly maps = new Set<BoundedMap<unknown>>();
  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes: number,
  ) {}

  /** Evicts the oldest entries of the fullest map until `bytes` more fit. */
  makeRoom(bytes: number): void {
    while (this.used + bytes > this.maxBytes) {
      let fullest: BoundedMap<unknown> | undefined;
      for (const map of this.maps) if (!fullest || map.bytes > fullest.bytes) fullest = map;
      if (!fullest?.evictOldest()) return;
    }
  }
}

export class BoundedMap<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  /** Bytes of this map's entries (the budget counts every map's). */
  bytes = 0;
  readonly budget: ByteBudget;

  /** `budget`: a shared one, or this map's own `{ maxBytes, maxEntryBytes }`. */
  constructor(
    budget: ByteBudget | { maxBytes: number; maxEntryBytes: number },
    private readonly valueBytes: (value: V) => number,
  ) {
    this.budget = budget instanceof ByteBudget ? budget : new ByteBudget(budget.maxBytes, budget.maxEntryBytes);
    this.budget.maps.add(this as BoundedMap<unknown>);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry under `key` (a record, so that a kept `undefined` is told from no entry). */
  entry(key: string): { value: V } | undefined {
    return this.entries.get(key);
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` unless the entry alone is over the budget's entry bound; true if kept. */
  set(key: string, value: V): boolean {
    const bytes = stringBytes(key) + this.valueBytes(value) + ENTRY_OVERHEAD;
    this.delete(key);
    if (bytes > this.budget.maxEntryBytes) return false;
    this.budget.makeRoom(bytes);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    this.budget.used += bytes;
    return true;
  }

  delete(key: string): boolean {
    const old = this.entries.get(key);
    if (!old) return false;
    this.entries.delete(key);
    this.bytes -= old.bytes;
    this.budget.used -= old.bytes;
    return true;
  }

  /** Drops the oldest entry; false when there is none. */
  evictOldest(): boolean {
    const oldest = this.entries.keys().next();
    return !oldest.done && this.delete(oldest.value);
  }
}
