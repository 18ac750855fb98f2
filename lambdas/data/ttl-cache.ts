/**
 * A small per-container cache of values that many callers ask for within seconds of each other
 * (the map's feeds): concurrent callers share one load, a failed load is not kept, and entries
 * older than `ttlMs` are dropped as new ones arrive, so memory stays bounded by what was asked
 * for within the last few seconds.
 */
export function ttlCache<V>(ttlMs: number, clock: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const now = clock();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      for (const [k, e] of entries) if (now - e.at >= ttlMs) entries.delete(k);
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Forgets one key (after a write this container made), or everything. */
    forget(key?: string): void {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}
