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
});
