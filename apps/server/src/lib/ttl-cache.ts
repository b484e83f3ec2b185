import type { Clock } from './clock';

/**
 * A small read-through cache for derived data (seeded catalogue content). Each instance keeps its own copy
 * for `ttlMs`; nothing is lost when it expires, so several instances stay correct without coordination.
 * Concurrent misses share one load; a failed load is not cached.
 */
export function createTtlCache(clock: Clock, ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    /** Forgets one entry (its data changed here); other instances see the change when theirs expires. */
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}
export type TtlCache = ReturnType<typeof createTtlCache>;
