import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';

afterEach(() => sessionStorage.clear());

describe('chunk-load failure', () => {
  it('reloads once, then not again within 10 seconds', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    expect(reloadForChunkError(100_000)).toBe(true);
    expect(reloadForChunkError(105_000)).toBe(false);
    expect(reloadForChunkError(110_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  it('recognises the browsers’ messages for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
