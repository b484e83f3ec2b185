import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';

/**
 * A small read-through cache for derived data (seeded catalogue content). Each instance keeps its own copy
 * for `ttlMs`; nothing is lost when it expires, so several instances stay correct without coordination.
 * Concurrent misses share one load; a failed load is not cached. When full, the least recently used entry
 * makes room (one at a time: a full cache never drops every warm entry at once). Age is measured on the
 * injected clock, so tests and the server's controllable clock decide expiry, not the wall clock.
 */
export function createTtlCache(clock: Clock, ttlMs: number, maxEntries = 1000) {
  const entries = new LRUCache<string, { at: number; value: Promise<unknown> }>({ max: maxEntries });
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      const entry = { at: now, value };
      entries.set(key, entry);
      // Only this load's own entry is forgotten: a newer load for the key may have replaced it meanwhile.
      value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return value;
    },
    /** The value kept for `key` if it is still fresh, without loading it. */
    peek<T>(key: string): Promise<T> | undefined {
      const hit = entries.get(key);
      return hit && clock.now() - hit.at < ttlMs ? (hit.value as Promise<T>) : undefined;
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
