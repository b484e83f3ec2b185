import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('loads once within the TTL, again after it, and never caches a failure', async () => {
    const clock = new ManualClock(0);
    const cache = createTtlCache(clock, 1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    clock.advance(999);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(2);
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await Promise.resolve();
    expect(await cache.get('bad', load)).toBe(3);
  });

  it('peek gives a fresh kept value without loading, and nothing once it is stale or never kept', async () => {
    const clock = new ManualClock(0);
    const cache = createTtlCache(clock, 1000);
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'v');
    expect(await cache.peek('k')).toBe('v');
    clock.advance(1000);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('when full, evicts only the least recently used entry and keeps the others warm', async () => {
    const cache = createTtlCache(new ManualClock(0), 60_000, 3);
    const loads: string[] = [];
    const load = (key: string) => () => {
      loads.push(key);
      return Promise.resolve(key);
    };
    for (const key of ['a', 'b', 'c']) await cache.get(key, load(key));
    await cache.get('a', load('a')); // a is now the most recently used; b the least
    await cache.get('d', load('d')); // full: b makes room, nothing else
    expect(loads).toEqual(['a', 'b', 'c', 'd']);
    for (const key of ['a', 'c', 'd']) await cache.get(key, load(key));
    expect(loads).toEqual(['a', 'b', 'c', 'd']);
    await cache.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it("a failed load does not forget a newer load's entry for the same key", async () => {
    const clock = new ManualClock(0);
    const cache = createTtlCache(clock, 1000);
    let fail!: (e: Error) => void;
    const failing = cache.get('k', () => new Promise<number>((_, reject) => (fail = reject)));
    clock.advance(1001); // the pending entry expired: the next get loads again and replaces it
    expect(await cache.get('k', async () => 2)).toBe(2);
    fail(new Error('late failure'));
    await expect(failing).rejects.toThrow('late failure');
    expect(await cache.get('k', async () => 3)).toBe(2);
  });
});
