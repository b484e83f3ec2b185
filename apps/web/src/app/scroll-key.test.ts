import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key';

describe('scrollKey', () => {
  it('gives first pages of different loads different keys, and keeps the router key otherwise', () => {
    expect(scrollKey({ key: 'default' }, 'a')).not.toBe(scrollKey({ key: 'default' }, 'b'));
    expect(scrollKey({ key: 'default' }, 'a')).not.toBe('default');
    expect(scrollKey({ key: 'x1y2' }, 'a')).toBe('x1y2');
  });
});
