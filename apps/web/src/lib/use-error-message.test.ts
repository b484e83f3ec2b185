import { describe, expect, it } from 'vitest';
import { NetworkError } from './api-client';
import { errorMessageKey } from './use-error-message';

describe('errorMessageKey', () => {
  it('says "network error" for a request that timed out (spec section 8)', () => {
    expect(errorMessageKey(new NetworkError('timeout'), true)).toBe('network');
  });
  it('says disconnected when offline, "Connection failed" for another failed fetch', () => {
    expect(errorMessageKey(new NetworkError('timeout'), false)).toBe('offline');
    expect(errorMessageKey(new NetworkError('offline'), true)).toBe('offline');
    expect(errorMessageKey(new NetworkError('failed'), true)).toBe('connection');
    expect(errorMessageKey(new Error('x'), true)).toBe('INTERNAL');
  });
});
